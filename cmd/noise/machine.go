package main

import (
	"bufio"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/noiselab/noise/cpu"
)

// simdInUse reports whether the cpu package's vector batch kernels run in
// this binary on this CPU at the current ISA level (the batch paths of
// lattice, simplex, Worley and Chebyshev noise, 1D to 3D, and 4D lattice
// and simplex values).
func simdInUse() bool {
	ok, _ := cpu.SIMD()
	return ok
}

// simdStatus explains simdInUse.
func simdStatus() string {
	ok, how := cpu.SIMD()
	if ok {
		return "on (" + how + ")"
	}
	return "off (" + how + ")"
}

// buildSetting returns a setting recorded in the binary's build
// information, such as GOAMD64, or "".
func buildSetting(key string) string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == key {
				return s.Value
			}
		}
	}
	return ""
}

// archLevel names the architecture and its level: "GOAMD64=v3" on amd64.
func archLevel() string {
	switch runtime.GOARCH {
	case "amd64":
		if v := buildSetting("GOAMD64"); v != "" {
			return "GOAMD64=" + v
		}
	case "arm64":
		if v := buildSetting("GOARM64"); v != "" {
			return "GOARCH=arm64, GOARM64=" + v
		}
	}
	return "GOARCH=" + runtime.GOARCH
}

// cpuModel is the "model name" of /proc/cpuinfo, or "unknown".
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}
