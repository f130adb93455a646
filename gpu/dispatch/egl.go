package dispatch

/*
#cgo LDFLAGS: -lEGL
#include <stdlib.h>
#include <string.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif
#ifndef EGL_PLATFORM_DEVICE_EXT
#define EGL_PLATFORM_DEVICE_EXT 0x313F
#endif

typedef EGLDisplay (*getPlatformDisplayFn)(EGLenum, void *, const EGLint *);
typedef EGLBoolean (*queryDevicesFn)(EGLint, void **, EGLint *);

// noiseEGLDisplay opens a display that needs no window system: the Mesa
// surfaceless platform first, then the first EGL device (NVIDIA's headless
// path). *how names the platform that worked.
static EGLDisplay noiseEGLDisplay(const char **how) {
	const char *ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
	getPlatformDisplayFn gpd = (getPlatformDisplayFn)eglGetProcAddress("eglGetPlatformDisplayEXT");
	if (gpd == NULL || ext == NULL) {
		*how = "default";
		return eglGetDisplay(EGL_DEFAULT_DISPLAY);
	}
	EGLDisplay d = EGL_NO_DISPLAY;
	if (strstr(ext, "EGL_MESA_platform_surfaceless") != NULL) {
		d = gpd(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
		if (d != EGL_NO_DISPLAY && eglInitialize(d, NULL, NULL)) {
			*how = "surfaceless";
			return d;
		}
	}
	queryDevicesFn qd = (queryDevicesFn)eglGetProcAddress("eglQueryDevicesEXT");
	if (qd != NULL && strstr(ext, "EGL_EXT_platform_device") != NULL) {
		void *devs[8];
		EGLint n = 0;
		if (qd(8, devs, &n) && n > 0) {
			for (EGLint i = 0; i < n; i++) {
				d = gpd(EGL_PLATFORM_DEVICE_EXT, devs[i], NULL);
				if (d != EGL_NO_DISPLAY && eglInitialize(d, NULL, NULL)) {
					*how = "device";
					return d;
				}
			}
		}
	}
	*how = "default";
	return eglGetDisplay(EGL_DEFAULT_DISPLAY);
}

// noiseEGLContext makes a 4.3 core context current without a surface.
// It returns 0 on success or the step that failed (1..5) with *err the EGL error.
static int noiseEGLContext(EGLDisplay d, int debug, EGLContext *out, EGLint *err) {
	EGLint major, minor;
	if (!eglInitialize(d, &major, &minor)) { *err = eglGetError(); return 1; }
	if (!eglBindAPI(EGL_OPENGL_API)) { *err = eglGetError(); return 2; }
	EGLint cfgAttr[] = { EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE, 0, EGL_NONE };
	EGLConfig cfg = NULL;
	EGLint n = 0;
	if (!eglChooseConfig(d, cfgAttr, &cfg, 1, &n) || n == 0) {
		// Some drivers list no config without a surface type; any OpenGL one will do.
		EGLint anyAttr[] = { EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE };
		if (!eglChooseConfig(d, anyAttr, &cfg, 1, &n) || n == 0) { *err = eglGetError(); return 3; }
	}
	EGLint ctxAttr[] = {
		EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
		EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
		EGL_CONTEXT_OPENGL_DEBUG, debug ? EGL_TRUE : EGL_FALSE,
		EGL_NONE };
	EGLContext c = eglCreateContext(d, cfg, EGL_NO_CONTEXT, ctxAttr);
	if (c == EGL_NO_CONTEXT) { *err = eglGetError(); return 4; }
	if (!eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
		*err = eglGetError();
		eglDestroyContext(d, c);
		return 5;
	}
	*out = c;
	return 0;
}

static void noiseEGLDestroy(EGLDisplay d, EGLContext c) {
	eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroyContext(d, c);
	eglTerminate(d);
}

static void *noiseEGLProc(const char *name) { return (void *)eglGetProcAddress(name); }
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// eglContext is a headless OpenGL 4.3 core context made current on the
// calling OS thread.
type eglContext struct {
	display  C.EGLDisplay
	context  C.EGLContext
	platform string
}

var eglSteps = [...]string{1: "eglInitialize", 2: "eglBindAPI(OpenGL)", 3: "eglChooseConfig(OpenGL)",
	4: "eglCreateContext(4.3 core)", 5: "eglMakeCurrent(surfaceless)"}

// newEGLContext creates the context on the calling thread, which must be
// locked to its goroutine.
func newEGLContext(debug bool) (*eglContext, error) {
	var how *C.char
	d := C.noiseEGLDisplay(&how)
	if d == C.EGLDisplay(C.EGL_NO_DISPLAY) {
		return nil, fmt.Errorf("EGL: no display: %s", eglHelp)
	}
	var c C.EGLContext
	var code C.EGLint
	dbg := C.int(0)
	if debug {
		dbg = 1
	}
	if step := C.noiseEGLContext(d, dbg, &c, &code); step != 0 {
		return nil, fmt.Errorf("EGL: %s failed (error 0x%04X on the %s platform): %s",
			eglSteps[step], int(code), C.GoString(how), eglHelp)
	}
	return &eglContext{display: d, context: c, platform: C.GoString(how)}, nil
}

const eglHelp = "an OpenGL 4.3 driver with EGL is needed (on Debian: apt-get install libegl1 libgl1-mesa-dri for Mesa llvmpipe)"

func (e *eglContext) procAddress(name string) unsafe.Pointer {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return C.noiseEGLProc(cs)
}

func (e *eglContext) destroy() { C.noiseEGLDestroy(e.display, e.context) }

// HeadlessContext makes a headless OpenGL 4.3 core context (EGL, no
// surface) current on the calling thread, for programs that drive GL
// themselves and want no window: lock the goroutine to its thread first
// (runtime.LockOSThread). It returns the function loader to pass to
// gl.InitWithProcAddrFunc or NewCurrent, and release, which destroys the
// context.
func HeadlessContext(debug bool) (procAddress func(string) unsafe.Pointer, release func(), err error) {
	e, err := newEGLContext(debug)
	if err != nil {
		return nil, nil, err
	}
	return e.procAddress, e.destroy, nil
}
