// Our OpenCV wrapper: core and imgproc only (see cv.h and doc.go).

#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "cv.h"

// qm_err copies an error message into malloc'd memory for Go to free.
char *qm_err(const char *msg) {
	size_t n = strlen(msg);
	char *s = (char *)malloc(n + 1);
	if (s != NULL) {
		memcpy(s, msg, n + 1);
	}
	return s;
}

namespace {

// Runs f, turning any exception (an OpenCV assertion is one) into an error
// message: an exception must never unwind into Go's frames.
template <typename F>
char *guard(F f) {
	try {
		return f();
	} catch (const cv::Exception &e) {
		std::string m = e.err.empty() ? std::string(e.what()) : e.err;
		if (!e.func.empty()) {
			m = e.func + ": " + m;
		}
		return qm_err(m.c_str());
	} catch (const std::exception &e) {
		return qm_err(e.what());
	} catch (...) {
		return qm_err("unknown C++ exception");
	}
}

bool valid(const qm_img &m) {
	return m.data != NULL && m.w > 0 && m.h > 0 && m.c >= 1 && m.c <= 4;
}

// mat wraps the caller's buffer without copying it.
cv::Mat mat(const qm_img &m) {
	return cv::Mat(m.h, m.w, CV_8UC(m.c), m.data);
}

// written checks that OpenCV wrote into the caller's buffer: had the output
// not had the size and type the operation makes, OpenCV would have
// allocated a new one and the result would be lost.
char *written(const cv::Mat &out, const qm_img &dst) {
	if (out.data != dst.data || out.cols != dst.w || out.rows != dst.h || out.type() != CV_8UC(dst.c)) {
		return qm_err("the output image has the wrong size or channels for this operation");
	}
	return NULL;
}

std::vector<cv::Point> points(const int *xy, int n) {
	std::vector<cv::Point> v;
	v.reserve(n > 0 ? n : 0);
	for (int i = 0; i < n; i++) {
		v.push_back(cv::Point(xy[2 * i], xy[2 * i + 1]));
	}
	return v;
}

cv::Scalar scalar(const double *c) { return cv::Scalar(c[0], c[1], c[2], c[3]); }

}  // namespace

#define CHECK(m)                                  \
	if (!valid(m)) {                              \
		return qm_err("invalid image: " #m);      \
	}

extern "C" {

char *qm_cvt_color(qm_img dst, qm_img src, int code) {
	CHECK(dst) CHECK(src)
	return guard([&]() -> char * {
		cv::Mat out = mat(dst);
		cv::cvtColor(mat(src), out, code);
		return written(out, dst);
	});
}

char *qm_gaussian_blur(qm_img dst, qm_img src, int kw, int kh, double sigma_x, double sigma_y, int border) {
	CHECK(dst) CHECK(src)
	return guard([&]() -> char * {
		cv::Mat out = mat(dst);
		cv::GaussianBlur(mat(src), out, cv::Size(kw, kh), sigma_x, sigma_y, border);
		return written(out, dst);
	});
}

char *qm_warp_perspective(qm_img dst, qm_img src, const double *m9, int flags, int border, const double *bv) {
	CHECK(dst) CHECK(src)
	return guard([&]() -> char * {
		cv::Mat out = mat(dst);
		cv::Mat m(3, 3, CV_64F);
		for (int i = 0; i < 9; i++) {
			m.at<double>(i / 3, i % 3) = m9[i];
		}
		cv::warpPerspective(mat(src), out, m, cv::Size(dst.w, dst.h), flags, border, scalar(bv));
		return written(out, dst);
	});
}

char *qm_absdiff(qm_img dst, qm_img a, qm_img b) {
	CHECK(dst) CHECK(a) CHECK(b)
	return guard([&]() -> char * {
		cv::Mat out = mat(dst);
		cv::absdiff(mat(a), mat(b), out);
		return written(out, dst);
	});
}

char *qm_threshold(qm_img dst, qm_img src, double thresh, double maxval, int type, double *used) {
	CHECK(dst) CHECK(src)
	return guard([&]() -> char * {
		cv::Mat out = mat(dst);
		*used = cv::threshold(mat(src), out, thresh, maxval, type);
		return written(out, dst);
	});
}

char *qm_count_non_zero(qm_img src, int *n) {
	CHECK(src)
	return guard([&]() -> char * {
		*n = cv::countNonZero(mat(src));
		return NULL;
	});
}

char *qm_mean_std_dev(qm_img src, double *mean4, double *std4) {
	CHECK(src)
	return guard([&]() -> char * {
		cv::Scalar mean, std;
		cv::meanStdDev(mat(src), mean, std);
		for (int i = 0; i < 4; i++) {
			mean4[i] = mean[i];
			std4[i] = std[i];
		}
		return NULL;
	});
}

char *qm_morphology(qm_img dst, qm_img src, int op, int shape, int kw, int kh) {
	CHECK(dst) CHECK(src)
	return guard([&]() -> char * {
		cv::Mat out = mat(dst);
		cv::Mat k = cv::getStructuringElement(shape, cv::Size(kw, kh));
		cv::morphologyEx(mat(src), out, op, k);
		return written(out, dst);
	});
}

char *qm_find_contours(qm_img src, int mode, int method, int **xy, int **lens, int *n) {
	CHECK(src)
	*xy = NULL;
	*lens = NULL;
	*n = 0;
	return guard([&]() -> char * {
		std::vector<std::vector<cv::Point> > cs;
		cv::Mat hierarchy;
		cv::findContours(mat(src), cs, hierarchy, mode, method);
		size_t total = 0;
		for (size_t i = 0; i < cs.size(); i++) {
			total += cs[i].size();
		}
		int *p = (int *)malloc(sizeof(int) * (2 * total + 1));
		int *l = (int *)malloc(sizeof(int) * (cs.size() + 1));
		if (p == NULL || l == NULL) {
			free(p);
			free(l);
			return qm_err("out of memory");
		}
		size_t k = 0;
		for (size_t i = 0; i < cs.size(); i++) {
			l[i] = (int)cs[i].size();
			for (size_t j = 0; j < cs[i].size(); j++) {
				p[k++] = cs[i][j].x;
				p[k++] = cs[i][j].y;
			}
		}
		*xy = p;
		*lens = l;
		*n = (int)cs.size();
		return (char *)NULL;
	});
}

char *qm_contour_area(const int *xy, int n, double *area) {
	return guard([&]() -> char * {
		*area = cv::contourArea(points(xy, n));
		return NULL;
	});
}

char *qm_arc_length(const int *xy, int n, int closed, double *len) {
	return guard([&]() -> char * {
		*len = cv::arcLength(points(xy, n), closed != 0);
		return NULL;
	});
}

char *qm_approx_poly(const int *xy, int n, double eps, int closed, int *out, int *m) {
	*m = 0;
	return guard([&]() -> char * {
		std::vector<cv::Point> ap;
		cv::approxPolyDP(points(xy, n), ap, eps, closed != 0);
		if ((int)ap.size() > n) {
			return qm_err("approxPolyDP returned more points than it was given");
		}
		for (size_t i = 0; i < ap.size(); i++) {
			out[2 * i] = ap[i].x;
			out[2 * i + 1] = ap[i].y;
		}
		*m = (int)ap.size();
		return (char *)NULL;
	});
}

char *qm_bounding_rect(const int *xy, int n, int *rect4) {
	return guard([&]() -> char * {
		cv::Rect r = cv::boundingRect(points(xy, n));
		rect4[0] = r.x;
		rect4[1] = r.y;
		rect4[2] = r.width;
		rect4[3] = r.height;
		return NULL;
	});
}

char *qm_line(qm_img img, int x1, int y1, int x2, int y2, const double *color4, int thickness) {
	CHECK(img)
	return guard([&]() -> char * {
		cv::Mat m = mat(img);
		cv::line(m, cv::Point(x1, y1), cv::Point(x2, y2), scalar(color4), thickness);
		return NULL;
	});
}

char *qm_polylines(qm_img img, const int *xy, const int *lens, int ncontours, int closed, const double *color4, int thickness) {
	CHECK(img)
	return guard([&]() -> char * {
		std::vector<std::vector<cv::Point> > cs;
		int k = 0;
		for (int i = 0; i < ncontours; i++) {
			cs.push_back(points(xy + 2 * k, lens[i]));
			k += lens[i];
		}
		cv::Mat m = mat(img);
		cv::polylines(m, cs, closed != 0, scalar(color4), thickness);
		return NULL;
	});
}

char *qm_put_text(qm_img img, const char *text, int x, int y, int font, double scale, const double *color4, int thickness) {
	CHECK(img)
	return guard([&]() -> char * {
		cv::Mat m = mat(img);
		cv::putText(m, text, cv::Point(x, y), font, scale, scalar(color4), thickness);
		return NULL;
	});
}

}  // extern "C"
