// Package vexcheck finds legacy-SSE instructions on vector registers in Go
// assembly. Intel cores pay a state transition (or a merge with the upper
// bits) on each legacy-SSE instruction that runs while the upper halves of
// the vector registers are in use, so AVX and AVX-512 code must touch X, Y
// and Z registers only through VEX or EVEX encodings (VMOVD, VMOVSS, …):
// measured on an Intel Xeon, 138 such instructions made the AVX2 kernels
// slower than the scalar Go code. AMD cores do not punish the mix, so a
// measurement there hides it; this check does not depend on the machine.
//
// The rule: in an assembly file, an instruction that names a vector
// register (X0–X31, Y0–Y31, Z0–Z31) must be VEX- or EVEX-encoded; in Go's
// assembler syntax those mnemonics start with V. Opmask instructions
// (KMOVW, KORW, …) name K registers only, and general-purpose instructions
// name no vector register, so neither is affected.
//
// cmd/vexcheck-style use: `go run ./internal/vexcheck/cmd FILE.s…` (make
// asmcheck), the cpu package's TestAssemblyIsVEXClean, and internal/asmgen,
// which refuses to write a file that fails.
package vexcheck

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// Problem is one legacy-SSE instruction on a vector register.
type Problem struct {
	Line        int    // 1-based line number
	Instruction string // the instruction as written, trimmed
}

func (p Problem) String() string {
	return fmt.Sprintf("line %d: legacy-SSE instruction on a vector register: %s", p.Line, p.Instruction)
}

// vectorReg matches a vector register operand in Go assembler syntax.
var vectorReg = regexp.MustCompile(`\b[XYZ](?:[0-9]|[12][0-9]|3[01])\b`)

// Check reads Go assembly from r and returns every instruction that names
// a vector register without a VEX or EVEX encoding.
func Check(r io.Reader) ([]Problem, error) {
	var probs []Problem
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
			case "TEXT", "DATA", "GLOBL", "PCDATA", "FUNCDATA":
				continue
			}
			if strings.HasPrefix(op, "V") || strings.HasPrefix(op, "K") {
				continue
			}
			if vectorReg.MatchString(stripSymbols(args)) {
				probs = append(probs, Problem{Line: n, Instruction: stmt})
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
