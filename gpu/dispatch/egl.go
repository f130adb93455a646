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

#define NOISE_MAX_DISPLAYS 10

// noiseEGLDisplays lists the displays that need no window system, in the
// order to try them: the Mesa surfaceless platform, every EGL device
// (NVIDIA's headless path), then the default display. names[i] names
// out[i]'s platform. Nothing is initialised yet.
static int noiseEGLDisplays(EGLDisplay *out, const char **names) {
	int n = 0;
	const char *ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
	getPlatformDisplayFn gpd = (getPlatformDisplayFn)eglGetProcAddress("eglGetPlatformDisplayEXT");
	if (gpd != NULL && ext != NULL) {
		if (strstr(ext, "EGL_MESA_platform_surfaceless") != NULL) {
			EGLDisplay d = gpd(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
			if (d != EGL_NO_DISPLAY) { out[n] = d; names[n++] = "surfaceless"; }
		}
		queryDevicesFn qd = (queryDevicesFn)eglGetProcAddress("eglQueryDevicesEXT");
		if (qd != NULL && strstr(ext, "EGL_EXT_platform_device") != NULL) {
			void *devs[NOISE_MAX_DISPLAYS - 2];
			EGLint k = 0;
			if (qd(NOISE_MAX_DISPLAYS - 2, devs, &k)) {
				for (EGLint i = 0; i < k; i++) {
					EGLDisplay d = gpd(EGL_PLATFORM_DEVICE_EXT, devs[i], NULL);
					if (d != EGL_NO_DISPLAY) { out[n] = d; names[n++] = "device"; }
				}
			}
		}
	}
	EGLDisplay d = eglGetDisplay(EGL_DEFAULT_DISPLAY);
	if (d != EGL_NO_DISPLAY) { out[n] = d; names[n++] = "default"; }
	return n;
}

#ifndef EGL_CONTEXT_FLAGS_KHR
#define EGL_CONTEXT_FLAGS_KHR 0x30FC
#endif
#ifndef EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR
#define EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR 0x00000001
#endif

// noiseEGLContext initialises d and makes a 4.3 core context current on it
// without a surface. It returns 0 on success or the step that failed
// (1..5) with *err the EGL error. The debug flag is only passed when asked
// for, as EGL_CONTEXT_FLAGS_KHR, which EGL 1.4 displays with
// EGL_KHR_create_context accept too (EGL 1.5's EGL_CONTEXT_OPENGL_DEBUG
// is an error on them).
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
		EGL_NONE, EGL_NONE, EGL_NONE };
	if (debug) {
		ctxAttr[6] = EGL_CONTEXT_FLAGS_KHR;
		ctxAttr[7] = EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR;
	}
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

// noiseEGLRelease unbinds and destroys c and releases this thread's EGL
// state; the display stays initialised (see eglDisplays).
static void noiseEGLRelease(EGLDisplay d, EGLContext c) {
	eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroyContext(d, c);
	eglReleaseThread();
}

static void *noiseEGLProc(const char *name) { return (void *)eglGetProcAddress(name); }
*/
import "C"

import (
	"fmt"
	"os"
	"strings"
	"sync"
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

// eglDisplays counts the contexts on each display. eglInitialize on an
// initialised display does nothing and one eglTerminate ends it for every
// context on it, so the display is terminated only when its last context
// of this package is gone; the lock also keeps initialisation and
// termination from interleaving across threads.
var eglDisplays = struct {
	sync.Mutex
	users map[C.EGLDisplay]int
}{users: map[C.EGLDisplay]int{}}

// newEGLContext creates the context on the calling thread, which must be
// locked to its goroutine: on the first display that gives one, trying
// them in the order of noiseEGLDisplays. The error names every display
// tried and why it failed.
func newEGLContext(debug bool) (*eglContext, error) {
	eglDisplays.Lock()
	defer eglDisplays.Unlock()
	if _, set := os.LookupEnv("EGL_LOG_LEVEL"); !set {
		// Mesa's libEGL prints warnings of its own; the error below says
		// what failed, in one line. EGL_LOG_LEVEL=debug shows them again.
		os.Setenv("EGL_LOG_LEVEL", "fatal")
	}
	var displays [C.NOISE_MAX_DISPLAYS]C.EGLDisplay
	var names [C.NOISE_MAX_DISPLAYS]*C.char
	n := int(C.noiseEGLDisplays(&displays[0], &names[0]))
	if n == 0 {
		return nil, fmt.Errorf("EGL: no display: %s", eglHelp)
	}
	dbg := C.int(0)
	if debug {
		dbg = 1
	}
	var tried []string
	for i, d := range displays[:n] {
		var c C.EGLContext
		var code C.EGLint
		step := C.noiseEGLContext(d, dbg, &c, &code)
		if step == 0 {
			eglDisplays.users[d]++
			return &eglContext{display: d, context: c, platform: C.GoString(names[i])}, nil
		}
		tried = append(tried, fmt.Sprintf("%s platform: %s failed (error 0x%04X)", C.GoString(names[i]), eglSteps[step], int(code)))
		if eglDisplays.users[d] == 0 {
			C.eglTerminate(d)
		}
	}
	return nil, fmt.Errorf("EGL: no OpenGL 4.3 core context: %s: %s", strings.Join(tried, "; "), eglHelp)
}

const eglHelp = "an OpenGL 4.3 driver with EGL is needed (on Debian: apt-get install libegl1 libgl1-mesa-dri for Mesa llvmpipe)"

func (e *eglContext) procAddress(name string) unsafe.Pointer {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return C.noiseEGLProc(cs)
}

// destroy releases the context on its thread and, with the last context
// on the display, terminates the display.
func (e *eglContext) destroy() {
	C.noiseEGLRelease(e.display, e.context)
	eglDisplays.Lock()
	defer eglDisplays.Unlock()
	if eglDisplays.users[e.display]--; eglDisplays.users[e.display] <= 0 {
		delete(eglDisplays.users, e.display)
		C.eglTerminate(e.display)
	}
}

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
