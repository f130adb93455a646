package cliflag

import (
	"flag"
	"fmt"
	"strings"

	"github.com/noiselab/noise/cpu"
)

// ISA is the -isa flag: the instruction-set level of the CPU reference's
// batch kernels (cpu.ISA). Every level gives the same bits; the flag is
// for measuring and for checking that they do.
type ISA struct {
	Level cpu.ISA
	set   bool
}

// Register defines -isa; note ends its usage text.
func (i *ISA) Register(fs *flag.FlagSet, note string) {
	fs.Var(isaValue{i}, "isa", "instruction-set `level` of the CPU kernels"+note+": "+
		strings.Join(cpu.ISANames(), ", ")+" (default: the best this CPU runs, "+cpu.BestISA().String()+
		"; or the environment's "+cpu.ISAEnv+"); every level gives the same bits")
}

// Apply makes the chosen level current (cpu.SetISA) when -isa was given:
// one line naming the flag when this CPU lacks it. Without -isa it checks
// the environment variable NOISE_ISA the same way.
func (i *ISA) Apply() error {
	if !i.set {
		return CheckISAEnv()
	}
	if err := cpu.SetISA(i.Level); err != nil {
		return fmt.Errorf("-isa %s: %v", i.Level, err)
	}
	return nil
}

// CheckISAEnv reports an environment variable NOISE_ISA that the cpu
// package could not honour, as one line.
func CheckISAEnv() error {
	return cpu.ISAEnvError()
}

type isaValue struct{ i *ISA }

func (v isaValue) String() string {
	if v.i == nil {
		return ""
	}
	return v.i.Level.String()
}

func (v isaValue) Set(s string) error {
	l, err := cpu.ParseISA(s)
	if err != nil {
		return fmt.Errorf("valid: %s", strings.Join(cpu.ISANames(), ", "))
	}
	v.i.Level, v.i.set = l, true
	return nil
}
