// Package vexcheck finds legacy-SSE instructions on vector registers in Go
// assembly. Intel cores pay a state transition (or a merge with the upper
// bits) on each legacy-SSE instruction that runs while the upper halves of
// the vector registers are in use, so AVX and AVX-512 code must touch X, Y
// and Z registers only through VEX or EVEX encodings (VMOVD, VMOVSS, …):
// measured on an Intel Xeon, 138 such instructions made the AVX2 kernels
// slower than the scalar Go code. AMD cores do not punish the mix, so a
// measurement there hides it; this check does not depend on the machine.
//
// The rules:
//   - an instruction that names a vector register (X0–X31, Y0–Y31,
//     Z0–Z31) must be VEX- or EVEX-encoded; in Go's assembler syntax those
//     mnemonics start with V. Opmask instructions (KMOVW, KORW, …) name K
//     registers only, and general-purpose instructions name no vector
//     register, so neither is affected;
//   - only a function whose name ends in AVX512 may use what needs
//     AVX-512: ZMM and opmask registers, and X16–X31 or Y16–Y31 (EVEX
//     only). Every other function is AVX2 code, which must run on a CPU
//     without AVX-512 (a register allocator that runs out of Y0–Y15 would
//     otherwise reach for Y16 silently).
//
// cmd/vexcheck-style use: `go run ./internal/cmd/vexcheck FILE.s…` (make
// asmcheck), the cpu package's TestAssemblyIsVEXClean, and internal/cmd/asmgen,
// which refuses to write a file that fails.
package vexcheck

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// Problem is one instruction that breaks a rule.
type Problem struct {
	Line        int    // 1-based line number
	Instruction string // the instruction as written, trimmed
	Func        string // the function it is in
	EVEX        bool   // an AVX-512 register outside an AVX-512 function (else legacy SSE)
}

func (p Problem) String() string {
	if p.EVEX {
		return fmt.Sprintf("line %d: AVX-512 register in %s, which is not an AVX512 function: %s", p.Line, p.Func, p.Instruction)
	}
	return fmt.Sprintf("line %d: legacy-SSE instruction on a vector register: %s", p.Line, p.Instruction)
}

// vectorReg matches a vector register operand in Go assembler syntax.
var vectorReg = regexp.MustCompile(`\b[XYZ](?:[0-9]|[12][0-9]|3[01])\b`)

// evexReg matches the registers only AVX-512 has.
var evexReg = regexp.MustCompile(`\b(?:[XY](?:1[6-9]|2[0-9]|3[01])|Z(?:[0-9]|[12][0-9]|3[01])|K[0-7])\b`)

// Check reads Go assembly from r and returns every instruction that breaks
// one of the rules.
func Check(r io.Reader) ([]Problem, error) {
	var probs []Problem
	fn := ""
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		for _, stmt := range strings.Split(stripComment(sc.Text()), ";") {
			stmt = strings.TrimSpace(stmt)
			if i := strings.LastIndex(stmt, ":"); i >= 0 && !strings.ContainsAny(stmt[:i], " \t,(") {
				stmt = strings.TrimSpace(stmt[i+1:]) // a label
			}
			if stmt == "" || stmt[0] == '#' {
				continue
			}
			op, args, _ := strings.Cut(stmt, " ")
			op = strings.ToUpper(strings.TrimSpace(op))
			if i := strings.IndexByte(op, '\t'); i >= 0 {
				op, args = op[:i], op[i:]+" "+args
			}
			switch op {
			case "TEXT":
				fn = strings.TrimSpace(strings.SplitN(args, "(", 2)[0])
				fn = strings.TrimPrefix(fn, "·")
				continue
			case "DATA", "GLOBL", "PCDATA", "FUNCDATA":
				continue
			}
			operands := stripSymbols(args)
			if !strings.HasSuffix(fn, "AVX512") && evexReg.MatchString(operands) {
				probs = append(probs, Problem{Line: n, Instruction: stmt, Func: fn, EVEX: true})
				continue
			}
			if strings.HasPrefix(op, "V") || strings.HasPrefix(op, "K") {
				continue
			}
			if vectorReg.MatchString(operands) {
				probs = append(probs, Problem{Line: n, Instruction: stmt, Func: fn})
			}
		}
	}
	return probs, sc.Err()
}

// stripComment drops a // comment.
func stripComment(s string) string {
	if i := strings.Index(s, "//"); i >= 0 {
		return s[:i]
	}
	return s
}

// stripSymbols drops symbol references (name<>+8(SB), x+0(FP)), whose
// names may look like registers (a parameter called x1, say).
var symbolRef = regexp.MustCompile(`[A-Za-z_·.<>0-9]*[+-][0-9]+\((?:SB|FP|SP)\)|[A-Za-z_·.<>0-9]+\((?:SB|FP|SP)\)`)

func stripSymbols(s string) string { return symbolRef.ReplaceAllString(s, "") }
