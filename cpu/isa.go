package cpu

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"
)

// ISA is an instruction-set level of the batch kernels. Every level gives
// the same bits (docs/algorithms.md §10.3); the levels differ in speed
// only. A Sampler runs at the level that was current when it was made.
type ISA uint8

const (
	// ISAScalar is portable Go, one position at a time.
	ISAScalar ISA = iota
	// ISAAVX2 is 8-lane AVX2 assembly (amd64).
	ISAAVX2
	// ISAAVX512 is 16-lane AVX-512 assembly (amd64 with AVX-512F and an OS
	// that saves the ZMM and opmask registers) for the batches, values and
	// derivatives; single 3D positions (ValueAt) use the AVX2 kernels.
	ISAAVX512
)

// isaNames are the levels' names, as ParseISA and NOISE_ISA take them.
var isaNames = [...]string{"scalar", "avx2", "avx512"}

// ISANames lists the names of every level, lowest first.
func ISANames() []string { return isaNames[:] }

func (l ISA) String() string {
	if int(l) < len(isaNames) {
		return isaNames[l]
	}
	return fmt.Sprintf("ISA(%d)", uint8(l))
}

// ParseISA returns the level named s (scalar, avx2 or avx512).
func ParseISA(s string) (ISA, error) {
	for i, n := range isaNames {
		if s == n {
			return ISA(i), nil
		}
	}
	return 0, fmt.Errorf("unknown ISA level %q; valid: %s", s, strings.Join(isaNames[:], ", "))
}

// SupportedISAs returns the levels this build and this CPU can run, lowest
// first: always ISAScalar; ISAAVX2 and ISAAVX512 on amd64 (without the
// purego tag) when the CPU and the OS support them.
func SupportedISAs() []ISA { return supportedISAs }

// supportedISAs is SupportedISAs, fixed at start-up (archISAs).
var supportedISAs = archISAs()

// Supported reports whether this build and CPU can run level l.
func Supported(l ISA) bool {
	for _, s := range supportedISAs {
		if s == l {
			return true
		}
	}
	return false
}

// BestISA is the fastest level this build and CPU run, the default.
func BestISA() ISA { return supportedISAs[len(supportedISAs)-1] }

// current is the level new Samplers take.
var current atomic.Uint32

// CurrentISA returns the level new Samplers run at: BestISA, unless
// SetISA or the environment variable NOISE_ISA chose another.
func CurrentISA() ISA { return ISA(current.Load()) }

// SetISA makes l the level of the Samplers made from now on (Samplers
// already made keep theirs). It fails, changing nothing, when this build or
// CPU cannot run l.
func SetISA(l ISA) error {
	if err := checkISA(l); err != nil {
		return err
	}
	current.Store(uint32(l))
	return nil
}

// checkISA explains why l cannot run here, or returns nil.
func checkISA(l ISA) error {
	if int(l) >= len(isaNames) {
		return fmt.Errorf("unknown ISA level %d; valid: %s", uint8(l), strings.Join(isaNames[:], ", "))
	}
	if Supported(l) {
		return nil
	}
	var have []string
	for _, s := range supportedISAs {
		have = append(have, s.String())
	}
	return fmt.Errorf("ISA level %s is not available: %s (available: %s)", l, isaLacks(l), strings.Join(have, ", "))
}

// ISAEnv is the environment variable that sets the initial level for any
// program using the package: scalar, avx2 or avx512 (empty or "auto": the
// best level). A value this build or CPU cannot honour leaves the best
// level in place and is reported by ISAEnvError.
const ISAEnv = "NOISE_ISA"

// envErr is why NOISE_ISA was not honoured, or nil.
var envErr error

// ISAEnvError reports why the NOISE_ISA environment variable was not
// honoured at start-up (an unknown name, or a level this CPU lacks), or
// nil. Commands print it and exit; a library keeps running at the best
// level.
func ISAEnvError() error { return envErr }

func init() {
	current.Store(uint32(BestISA()))
	v := os.Getenv(ISAEnv)
	if v == "" || v == "auto" {
		return
	}
	l, err := ParseISA(v)
	if err == nil {
		err = SetISA(l)
	}
	if err != nil {
		envErr = fmt.Errorf("%s=%s: %v", ISAEnv, v, err)
	}
}

// isaEnvSet reports whether NOISE_ISA asks for a level.
func isaEnvSet() bool {
	v := os.Getenv(ISAEnv)
	return v != "" && v != "auto"
}
