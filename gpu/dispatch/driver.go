package dispatch

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Drivers are the Mesa software drivers a Context can ask for by name
// (Options.Driver): llvmpipe (LLVM, the default of a machine without a
// GPU), zink (OpenGL on Vulkan, here on lavapipe: a second compiler front
// end, GLSL → SPIR-V → NIR) and softpipe (Mesa's reference rasteriser, no
// LLVM; it reports OpenGL 3.3, so the version is overridden to 4.3).
var Drivers = []string{"llvmpipe", "zink", "softpipe"}

// driverEnv is what each driver needs from Mesa's environment variables.
var driverEnv = map[string][][2]string{
	"llvmpipe": {{"GALLIUM_DRIVER", "llvmpipe"}, {"LIBGL_ALWAYS_SOFTWARE", "1"}},
	"zink":     {{"GALLIUM_DRIVER", "zink"}, {"LIBGL_ALWAYS_SOFTWARE", "1"}},
	"softpipe": {{"GALLIUM_DRIVER", "softpipe"}, {"LIBGL_ALWAYS_SOFTWARE", "1"},
		{"MESA_GL_VERSION_OVERRIDE", "4.3"}, {"MESA_GLSL_VERSION_OVERRIDE", "430"}},
}

var driverHelp = map[string]string{
	"llvmpipe": "apt-get install libgl1-mesa-dri",
	"zink":     "apt-get install mesa-vulkan-drivers (zink runs on the lavapipe Vulkan driver)",
	"softpipe": "apt-get install libgl1-mesa-dri",
}

// driverState is the driver this process's contexts use: Mesa reads its
// environment when a display is first opened, so every context of a
// process shares one driver.
var driverState struct {
	sync.Mutex
	name  string // the driver asked for; "" for the environment's
	users int    // open contexts made by New
}

// selectDriver sets Mesa's environment for name ("" leaves it alone) and
// counts a context; releaseDriver undoes the count.
func selectDriver(name string) error {
	driverState.Lock()
	defer driverState.Unlock()
	if name != "" {
		env, ok := driverEnv[name]
		if !ok {
			return fmt.Errorf("dispatch: unknown driver %q; valid: %s (or empty for the environment's)", name, strings.Join(Drivers, ", "))
		}
		if driverState.users > 0 && driverState.name != name {
			return fmt.Errorf("dispatch: driver %s asked for while contexts on %s are open: a process uses one driver at a time", name, orEnv(driverState.name))
		}
		for _, kv := range env {
			os.Setenv(kv[0], kv[1])
		}
		if name == "zink" && os.Getenv("XDG_RUNTIME_DIR") == "" {
			// The Vulkan loader wants a runtime directory.
			dir := filepath.Join(os.TempDir(), fmt.Sprintf("noise-xdg-%d", os.Getuid()))
			if err := os.MkdirAll(dir, 0o700); err == nil {
				os.Setenv("XDG_RUNTIME_DIR", dir)
			}
		}
	} else if driverState.users > 0 && driverState.name != "" {
		return fmt.Errorf("dispatch: the environment's driver asked for while contexts on %s are open: a process uses one driver at a time", driverState.name)
	}
	driverState.name = name
	driverState.users++
	return nil
}

func releaseDriver() {
	driverState.Lock()
	defer driverState.Unlock()
	driverState.users--
}

func orEnv(name string) string {
	if name == "" {
		return "the environment's driver"
	}
	return name
}

// checkDriver reports whether the renderer is the driver asked for (Mesa
// falls back to another driver when the one asked for cannot start).
func checkDriver(name string, info Info) error {
	if name == "" || strings.HasPrefix(info.Renderer, name) {
		return nil
	}
	return fmt.Errorf("dispatch: asked for the %s driver but got %s (%s)", name, info.Renderer, driverHelp[name])
}
