package main

import (
	"fmt"
	"io"

	"github.com/noiselab/noise/cmd/internal/cliflag"
	"github.com/noiselab/noise/internal/appendixa"
)

const selfcheckHeader = `Usage: noise selfcheck

Evaluates every test vector of Appendix A.1 and A.2 (values), A.3 (value
and derivatives) and A.7 (domain transform: PN and PS values and the PS
world-space gradient) through the library, by each of its paths (At,
ValueAt, and the batch Values and Samples); the vectors are in
internal/appendixa/appendix_a.md (docs/algorithms.md §10). Values must
have the exact bits (+0 and −0 equal), derivatives must be exactly equal
as float32. Prints one summary line and exits 0, or prints every mismatch
and exits 1.
`

func runSelfcheck(args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := cliflag.NewFlagSet("noise selfcheck")
	if err := parseFlags(fs, selfcheckHeader, args, stdout); err != nil {
		return err
	}
	if err := cliflag.CheckISAEnv(); err != nil {
		return err
	}
	r, err := appendixa.Check()
	if err != nil {
		return err
	}
	total, failures := r.Total, r.Failures
	for _, f := range failures {
		fmt.Fprintln(stdout, "selfcheck: MISMATCH "+f)
	}
	pass := total - len(failures)
	fmt.Fprintf(stdout, "selfcheck: %d of %d Appendix A checks pass (cpu reference, %s, SIMD kernels %s)\n",
		pass, total, archLevel(), simdStatus())
	if len(failures) > 0 {
		return &exitError{code: 1, msg: fmt.Sprintf("%d of %d Appendix A checks FAIL", len(failures), total)}
	}
	return nil
}
