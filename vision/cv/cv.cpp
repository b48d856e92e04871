// Our OpenCV wrapper: core and imgproc only (see cv.h and doc.go).

#include <algorithm>
#include <climits>
#include <cmath>
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

// qm_perspective_map is the first half of cv::warpPerspective with
// INTER_LINEAR (OpenCV 4.6, imgwarp.cpp: WarpPerspectiveInvoker and
// warpPerspectiveBlockline), done once for a fixed homography: the same
// inverse (cv::invert), the same blocks (a block's row starts from its
// first column's X0, Y0, W0, and each pixel adds M[0]*x1 to it, fused as
// OpenCV's vector code fuses it on a CPU with FMA and on arm64), the same
// rounding to 1/INTER_TAB_SIZE of a pixel. Its second half is qm_remap's
// cv::remap, which warpPerspective calls block by block with these maps;
// remap computes each pixel alone, so the output is the same image
// (TestRemapIsWarpPerspective compares them byte for byte).
char *qm_perspective_map(const double *m9, int w, int h, short *xy, unsigned short *a) {
	if (w <= 0 || h <= 0 || xy == NULL || a == NULL) {
		return qm_err("invalid map size");
	}
	return guard([&]() -> char * {
		double M[9];
		cv::Mat matM(3, 3, CV_64F, M);
		for (int i = 0; i < 9; i++) {
			M[i] = m9[i];
		}
		cv::invert(matM, matM);
		const int BLOCK_SZ = 32;
		int bh0 = std::min(BLOCK_SZ / 2, h);
		int bw0 = std::min(BLOCK_SZ * BLOCK_SZ / bh0, w);
		for (int y = 0; y < h; y++) {
			for (int x = 0; x < w; x += bw0) {
				int bw = std::min(bw0, w - x);
				double X0 = M[0] * x + M[1] * y + M[2];
				double Y0 = M[3] * x + M[4] * y + M[5];
				double W0 = M[6] * x + M[7] * y + M[8];
				short *pxy = xy + 2 * ((size_t)y * w + x);
				unsigned short *pa = a + (size_t)y * w + x;
				for (int x1 = 0; x1 < bw; x1++) {
					double W = std::fma(M[6], (double)x1, W0);
					W = W != 0 ? cv::INTER_TAB_SIZE / W : 0;
					double fX = std::max((double)INT_MIN, std::min((double)INT_MAX, std::fma(M[0], (double)x1, X0) * W));
					double fY = std::max((double)INT_MIN, std::min((double)INT_MAX, std::fma(M[3], (double)x1, Y0) * W));
					int X = cvRound(fX), Y = cvRound(fY);
					pxy[2 * x1] = cv::saturate_cast<short>(X >> cv::INTER_BITS);
					pxy[2 * x1 + 1] = cv::saturate_cast<short>(Y >> cv::INTER_BITS);
					pa[x1] = (unsigned short)((Y & (cv::INTER_TAB_SIZE - 1)) * cv::INTER_TAB_SIZE + (X & (cv::INTER_TAB_SIZE - 1)));
				}
			}
		}
		return (char *)NULL;
	});
}

char *qm_remap(qm_img dst, qm_img src, const short *xy, const unsigned short *a, int border, const double *bv) {
	CHECK(dst) CHECK(src)
	return guard([&]() -> char * {
		cv::Mat out = mat(dst);
		cv::Mat mxy(dst.h, dst.w, CV_16SC2, (void *)xy);
		cv::Mat ma(dst.h, dst.w, CV_16UC1, (void *)a);
		cv::remap(mat(src), out, mxy, ma, cv::INTER_LINEAR, border, scalar(bv));
		return written(out, dst);
	});
}

// qm_norm_row is NormalizeRow's loop, four pixels at a time (a vector
// lane a pixel, one channel at a time): the same float operations in the
// same order as the Go loop it replaces (vision's lightField.normRow), each
// rounded to float, so the same bytes; a division or a product of four
// floats costs about what one costs. Contraction into fused multiply-adds
// is off: the Go loop on amd64 rounds every product.
typedef float qm_v4f __attribute__((vector_size(16)));
typedef int qm_v4i __attribute__((vector_size(16)));

__attribute__((optimize("fp-contract=off")))
static inline qm_v4f qm_gain4(float a, float b, qm_v4f t, float nb, float k, const float *ref, int x, int c) {
	qm_v4f g;
	if (ref == NULL) {
		g = nb / (a * (1 - t) + b * t);
	} else {
		qm_v4f r = {ref[3 * x + c], ref[3 * x + 3 + c], ref[3 * x + 6 + c], ref[3 * x + 9 + c]};
		g = r * (a * (1 - t) + b * t);
	}
	if (k != 1) {
		g = g * k;
	}
	return g;
}

__attribute__((optimize("fp-contract=off")))
static inline float qm_gain1(float a, float b, float t, float nb, float k, const float *ref, int x, int c) {
	float g;
	if (ref == NULL) {
		g = nb / (a * (1 - t) + b * t);
	} else {
		g = ref[3 * x + c] * (a * (1 - t) + b * t);
	}
	if (k != 1) {
		g = g * k;
	}
	return g;
}

__attribute__((optimize("fp-contract=off")))
void qm_norm_row(unsigned char *out, const unsigned char *px, int w, const float *cells, const int *x0s, const int *x1s,
	const float *txs, const int *ends, float nb0, float nb1, float nb2, float k, const float *ref) {
	const float nb3[3] = {nb0, nb1, nb2};
	for (int x = 0; x < w;) {
		const float *a = cells + x0s[x], *b = cells + x1s[x];
		int end = ends[x];
		for (; x + 4 <= end; x += 4) {
			qm_v4f t = {txs[x], txs[x + 1], txs[x + 2], txs[x + 3]};
			for (int c = 0; c < 3; c++) {
				qm_v4f g = qm_gain4(a[c], b[c], t, nb3[c], k, ref, x, c);
				const unsigned char *p = px + 3 * x + c;
				qm_v4f v = {(float)p[0], (float)p[3], (float)p[6], (float)p[9]};
				v = (v + 1) * g;
				v = v > 255 ? (qm_v4f){255, 255, 255, 255} : v;
				qm_v4i o = __builtin_convertvector(v, qm_v4i);
				unsigned char *q = out + 3 * x + c;
				q[0] = (unsigned char)o[0], q[3] = (unsigned char)o[1], q[6] = (unsigned char)o[2], q[9] = (unsigned char)o[3];
			}
		}
		for (; x < end; x++) {
			for (int c = 0; c < 3; c++) {
				float g = qm_gain1(a[c], b[c], txs[x], nb3[c], k, ref, x, c);
				float v = ((float)px[3 * x + c] + 1) * g;
				if (v > 255) {
					v = 255;
				}
				out[3 * x + c] = (unsigned char)(int)v;
			}
		}
	}
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
