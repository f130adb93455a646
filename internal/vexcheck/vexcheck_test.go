package vexcheck

import (
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	src := `#include "textflag.h"
// MOVD X0, AX in a comment is fine
TEXT ·f(SB), NOSPLIT, $0-8
	MOVQ   x+0(FP), AX
	VMOVD  AX, X1
	MOVD   AX, X1
	MOVSS  x+0(FP), X2
	VMOVSS x+0(FP), X2
	KMOVW  K1, AX
	MOVQ   X3, AX
	loop: PXOR X4, X4
	VPADDD Z1, Z2, Z3
	CVTSS2SD X5, X6
	MOVL   x1+8(FP), AX
	MOVUPS Y7, (AX)
	RET
TEXT ·gAVX512(SB), NOSPLIT, $0-8
	VPADDD Z1, Z2, Z3
	KMOVW  K1, AX
	VADDPS Y17, Y1, Y1
	RET
TEXT ·hAVX2(SB), NOSPLIT, $0-8
	VADDPS Y17, Y1, Y1
	VADDPS X3, X16, X4
	VADDPS Y15, Y1, Y1
	RET
`
	probs, err := Check(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, p := range probs {
		got = append(got, p.Line)
	}
	want := []int{6, 7, 9, 10, 11, 12, 13, 15, 23, 24}
	if len(got) != len(want) {
		t.Fatalf("lines %v, want %v (%v)", got, want, probs)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("lines %v, want %v (%v)", got, want, probs)
		}
	}
}
