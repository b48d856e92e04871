// The camera: OpenCV's VideoCapture, from libopencv_videoio loaded with
// dlopen on the first open.
//
// Why dlopen: videoio links FFmpeg, GStreamer, libdc1394... (about 17 MB
// resident once mapped). Linked normally, every run of the binary would map
// them, the simulated table (`serve --sim`) and the command-line tools too,
// though only a real camera needs them. OpenCV 4 has no C API for capture,
// so the few C++ members we call are looked up by their mangled names
// (Itanium C++ ABI, which both x86-64 and arm64 Linux use) and called
// through function pointers with the object as first argument, as the ABI
// passes `this`. The object's size comes from the header of the same OpenCV
// the library belongs to. A missing library or symbol is an error from
// qm_capture_open, never a crash.

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <new>
#include <string>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include "cv.h"

char *qm_err(const char *msg);

namespace {

// The members of cv::VideoCapture we call (OpenCV 4.x, libstdc++'s C++11
// string ABI).
struct videoio {
	void (*ctor)(void *self);                                  // VideoCapture()
	void (*dtor)(void *self);                                  // ~VideoCapture()
	bool (*open_file)(void *self, const std::string &, int);   // open(filename, apiPreference)
	bool (*open_device)(void *self, int, int);                 // open(index, apiPreference)
	bool (*is_opened)(const void *self);                       // isOpened() const
	bool (*read)(void *self, const cv::_OutputArray &);        // read(image)
};

const char *const symbols[] = {
	"_ZN2cv12VideoCaptureC1Ev",
	"_ZN2cv12VideoCaptureD1Ev",
	"_ZN2cv12VideoCapture4openERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEi",
	"_ZN2cv12VideoCapture4openEii",
	"_ZNK2cv12VideoCapture8isOpenedEv",
	"_ZN2cv12VideoCapture4readERKNS_12_OutputArrayE",
};

std::once_flag loaded;
videoio api;
std::string load_error;

void load() {
	// The library of the OpenCV we were compiled against (4.6: .so.406);
	// the unversioned name exists only with the -dev package.
	char versioned[64];
	snprintf(versioned, sizeof versioned, "libopencv_videoio.so.%d%02d", CV_VERSION_MAJOR, CV_VERSION_MINOR);
	void *lib = dlopen(versioned, RTLD_NOW | RTLD_LOCAL);
	if (lib == NULL) {
		lib = dlopen("libopencv_videoio.so", RTLD_NOW | RTLD_LOCAL);
	}
	if (lib == NULL) {
		const char *e = dlerror();
		load_error = std::string("cannot load OpenCV's videoio (") + versioned + "): " + (e ? e : "unknown error");
		return;
	}
	void *fn[sizeof symbols / sizeof symbols[0]];
	for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
		fn[i] = dlsym(lib, symbols[i]);
		if (fn[i] == NULL) {
			load_error = std::string("OpenCV's videoio lacks ") + symbols[i] + " (another OpenCV version or C++ ABI?)";
			return;  // the library stays loaded: unloading OpenCV is not safe
		}
	}
	api.ctor = (void (*)(void *))fn[0];
	api.dtor = (void (*)(void *))fn[1];
	api.open_file = (bool (*)(void *, const std::string &, int))fn[2];
	api.open_device = (bool (*)(void *, int, int))fn[3];
	api.is_opened = (bool (*)(const void *))fn[4];
	api.read = (bool (*)(void *, const cv::_OutputArray &))fn[5];
}

template <typename F>
char *guard(F f) {
	try {
		return f();
	} catch (const cv::Exception &e) {
		return qm_err(e.what());
	} catch (const std::exception &e) {
		return qm_err(e.what());
	} catch (...) {
		return qm_err("unknown C++ exception");
	}
}

}  // namespace

struct qm_capture {
	void *vc;       // a cv::VideoCapture, built and destroyed through api
	cv::Mat frame;  // the last frame read (BGR), reused from frame to frame
};

extern "C" {

char *qm_capture_open(const char *file, int device, qm_capture **out) {
	*out = NULL;
	std::call_once(loaded, load);
	if (!load_error.empty()) {
		return qm_err(load_error.c_str());
	}
	qm_capture *c = new (std::nothrow) qm_capture();
	if (c == NULL) {
		return qm_err("out of memory");
	}
	c->vc = ::operator new(sizeof(cv::VideoCapture), std::nothrow);
	if (c->vc == NULL) {
		delete c;
		return qm_err("out of memory");
	}
	bool built = false;
	char *err = guard([&]() -> char * {
		api.ctor(c->vc);
		built = true;
		bool ok;
		if (file != NULL) {
			ok = api.open_file(c->vc, std::string(file), cv::CAP_ANY);
		} else {
			ok = api.open_device(c->vc, device, cv::CAP_ANY);
		}
		if (!ok || !api.is_opened(c->vc)) {
			return qm_err("cannot be opened");
		}
		return (char *)NULL;
	});
	if (err != NULL) {
		if (built) {
			try {
				api.dtor(c->vc);
			} catch (...) {
			}
		}
		::operator delete(c->vc);
		delete c;
		return err;
	}
	*out = c;
	return NULL;
}

char *qm_capture_grab(qm_capture *c, int *w, int *h) {
	*w = 0;
	*h = 0;
	return guard([&]() -> char * {
		cv::_OutputArray to(c->frame);
		if (!api.read(c->vc, to) || c->frame.empty()) {
			return qm_err("no frame (end of stream or device lost)");
		}
		if (c->frame.type() != CV_8UC3 || !c->frame.isContinuous()) {
			return qm_err("unexpected frame type");
		}
		*w = c->frame.cols;
		*h = c->frame.rows;
		return (char *)NULL;
	});
}

char *qm_capture_rgba(qm_capture *c, unsigned char *dst, int w, int h) {
	return guard([&]() -> char * {
		if (c->frame.empty() || c->frame.cols != w || c->frame.rows != h) {
			return qm_err("the buffer does not fit the frame");
		}
		cv::Mat out(h, w, CV_8UC4, dst);
		cv::cvtColor(c->frame, out, cv::COLOR_BGR2RGBA);
		if (out.data != dst) {
			return qm_err("the buffer does not fit the frame");
		}
		return (char *)NULL;
	});
}

void qm_capture_close(qm_capture *c) {
	if (c == NULL) {
		return;
	}
	try {
		api.dtor(c->vc);
	} catch (...) {
		// A destructor that throws: nothing more to release.
	}
	::operator delete(c->vc);
	delete c;
}

}  // extern "C"
