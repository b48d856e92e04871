// The C API of our OpenCV wrapper: plain functions over pixel buffers that
// the caller owns (Go memory, passed for the call's duration only). No
// OpenCV object outlives a call except a capture, which lives in C memory.
//
// Every function that can fail returns NULL on success or an error message
// allocated with malloc, which the caller frees: an OpenCV exception is
// caught here and never crosses into Go (where it would abort the process).
#ifndef QM_CV_H
#define QM_CV_H

#ifdef __cplusplus
extern "C" {
#endif

// An 8-bit image: h rows of w*c bytes, no padding.
typedef struct {
	unsigned char *data;
	int w, h, c;
} qm_img;

char *qm_cvt_color(qm_img dst, qm_img src, int code);
char *qm_gaussian_blur(qm_img dst, qm_img src, int kw, int kh, double sigma_x, double sigma_y, int border);
char *qm_warp_perspective(qm_img dst, qm_img src, const double *m9, int flags, int border, const double *border_value4);
// qm_perspective_map writes where each pixel of a w x h perspective warp
// comes from, as warpPerspective computes it (m9: destination = m * source):
// xy, 2 shorts a pixel, the source pixel; a, 1 ushort a pixel, its
// fraction (INTER_BITS each way). qm_remap then warps with them.
char *qm_perspective_map(const double *m9, int w, int h, short *xy, unsigned short *a);
char *qm_remap(qm_img dst, qm_img src, const short *xy, const unsigned short *a, int border, const double *border_value4);
// qm_norm_row: see NormalizeRow (cv.go).
void qm_norm_row(unsigned char *out, const unsigned char *px, int w, const float *cells, const int *x0s, const int *x1s,
	const float *txs, const int *ends, float nb0, float nb1, float nb2, float k, const float *ref);
char *qm_absdiff(qm_img dst, qm_img a, qm_img b);
char *qm_threshold(qm_img dst, qm_img src, double thresh, double maxval, int type, double *used);
char *qm_count_non_zero(qm_img src, int *n);
char *qm_mean_std_dev(qm_img src, double *mean4, double *std4);
char *qm_morphology(qm_img dst, qm_img src, int op, int shape, int kw, int kh);

// qm_find_contours allocates *xy (2 ints a point) and *lens (points per
// contour) with malloc; the caller frees both.
char *qm_find_contours(qm_img src, int mode, int method, int **xy, int **lens, int *n);
char *qm_contour_area(const int *xy, int n, double *area);
char *qm_arc_length(const int *xy, int n, int closed, double *len);
// qm_approx_poly writes at most n points to out and their count to *m.
char *qm_approx_poly(const int *xy, int n, double eps, int closed, int *out, int *m);
char *qm_bounding_rect(const int *xy, int n, int *rect4);

// Drawing on a BGR (or gray) image; colours are in the image's channel
// order.
char *qm_line(qm_img img, int x1, int y1, int x2, int y2, const double *color4, int thickness);
char *qm_polylines(qm_img img, const int *xy, const int *lens, int ncontours, int closed, const double *color4, int thickness);
char *qm_put_text(qm_img img, const char *text, int x, int y, int font, double scale, const double *color4, int thickness);

// A video source (camera, file, image sequence, URL) through OpenCV's
// videoio, which is loaded with dlopen on the first open: a binary that
// never opens a camera never maps it, nor FFmpeg and GStreamer behind it.
typedef struct qm_capture qm_capture;
char *qm_capture_open(const char *file, int device, qm_capture **out);
// qm_capture_grab reads the next frame into the capture's own buffer and
// reports its size; qm_capture_rgba then converts it into dst (w*h*4).
char *qm_capture_grab(qm_capture *c, int *w, int *h);
char *qm_capture_rgba(qm_capture *c, unsigned char *dst, int w, int h);
void qm_capture_close(qm_capture *c);

#ifdef __cplusplus
}
#endif

#endif
