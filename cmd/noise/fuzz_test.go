package main

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/noiselab/noise"
)

// isNaNToken reports whether a field spells NaN ("nan", "+NaN", "-nan", …).
func isNaNToken(tok string) bool {
	return strings.EqualFold(strings.TrimLeft(tok, "+-"), "nan")
}

// FuzzParseLine: the line parser never panics, returns exactly the asked
// count of numbers or a one-line error naming the field, and gives NaN only
// for a field that spells NaN.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{"0.1 0.2 0.3", "1 2 3 4", "nan -nan +NaN", "inf -inf 1e39", "1e400 -1e400 0x1p-3",
		"\t1\v2\f3\r", "1 2", "a b c", "1_0 2 3", "", "   ", "1e-400 1 1", "\xef\xbb\xbf1 2 3"} {
		f.Add(s, false, false)
		f.Add(s, true, true)
	}
	f.Fuzz(func(t *testing.T, line string, four, f64 bool) {
		want, bits := 3, 32
		if four {
			want = 4
		}
		if f64 {
			bits = 64
		}
		plane := !four && f64 // exercise the 2D "x y" form too
		p, n, err := parseLine([]byte(line), want, bits, plane)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("error spans lines: %q", err)
			}
			return
		}
		if n == 0 {
			if strings.TrimFunc(line, func(r rune) bool { return r < 128 && isSpace(byte(r)) }) != "" {
				t.Fatalf("%q: no numbers and no error", line)
			}
			return
		}
		if n != want && !(plane && n == 2) {
			t.Fatalf("%q: %d numbers accepted, want %d", line, n, want)
		}
		if n == 2 {
			if p[1] != 0 {
				t.Fatalf("%q: x y gave y = %v, want 0 (the XZ plane)", line, p[1])
			}
			p[1] = p[2] // the fields' order, for the checks below
		}
		toks := strings.FieldsFunc(line, func(r rune) bool { return r < 128 && isSpace(byte(r)) })
		for i := 0; i < n; i++ {
			if math.IsNaN(p[i]) != isNaNToken(toks[i]) {
				t.Fatalf("%q: field %d %q parsed as %v", line, i+1, toks[i], p[i])
			}
			if bits == 32 && !math.IsNaN(p[i]) && float64(float32(p[i])) != p[i] {
				t.Fatalf("%q: field %d is not a float32: %v", line, i+1, p[i])
			}
		}
	})
}

// FuzzSampleCommand runs the whole sample command on fuzzed input and
// flags: it exits 0 with no stderr or 2 with exactly one stderr line, prints
// one line per non-blank input line on success, and prints NaN only when
// the input has one.
func FuzzSampleCommand(f *testing.F) {
	f.Add("0.1 0.2 0.3\n1e308 -1e308 5\n", uint8(0), uint8(3), false, false, uint8(1), int64(0), uint8(2))
	f.Add("NaN 0 0.2\n0.25 0 -0\n", uint8(18), uint8(2), true, false, uint8(3), int64(-5), uint8(4))
	f.Add("1e308 2 3 4\n-inf inf 0 1\n", uint8(18), uint8(4), false, true, uint8(3), int64(12), uint8(3))
	f.Add("1e308 -1e308 1\n", uint8(18), uint8(1), false, true, uint8(1), int64(1), uint8(4))
	f.Add("\xef\xbb\xbf1 2 3\n\n 4 5 6 \n", uint8(9), uint8(3), true, false, uint8(2), int64(7), uint8(1))
	f.Add("1 2\n", uint8(3), uint8(1), false, false, uint8(1), int64(0), uint8(1))
	names := noise.Names()
	f.Fuzz(func(t *testing.T, in string, noise, dims uint8, deriv, blog bool, octaves uint8, seed int64, freq uint8) {
		args := []string{"sample", "-noise", names[int(noise)%len(names)], "-dims", strconv.Itoa(int(dims%5) + 1),
			"-octaves", strconv.Itoa(int(octaves % 8)), "-seed", strconv.Itoa(int(seed)), "-frequency", strconv.Itoa(int(freq % 40))}
		if deriv {
			args = append(args, "-deriv")
		}
		if blog {
			args = append(args, "-perm-mode", "blog")
		}
		r := runIn(in, args...)
		switch r.code {
		case 0:
			if r.stderr != "" {
				t.Fatalf("%v: exit 0 with stderr %q", args, r.stderr)
			}
		case 2:
			if strings.Count(r.stderr, "\n") != 1 || !strings.HasPrefix(r.stderr, "noise sample: ") || !strings.HasSuffix(r.stderr, "\n") {
				t.Fatalf("%v: exit 2 with stderr %q, want one line", args, r.stderr)
			}
		default:
			t.Fatalf("%v: exit %d (stderr %q)", args, r.code, r.stderr)
		}
		inputNaN := strings.Contains(strings.ToLower(in), "nan")
		if !inputNaN && strings.Contains(r.stdout, "NaN") {
			t.Fatalf("%v: NaN in the output without NaN in the input %q:\n%s", args, in, r.stdout)
		}
		if r.code == 0 {
			want := 0
			for i, l := range strings.Split(in, "\n") {
				if i == 0 {
					l = strings.TrimPrefix(l, "\xef\xbb\xbf")
				}
				if strings.TrimFunc(l, func(r rune) bool { return r < 128 && isSpace(byte(r)) }) != "" {
					want++
				}
			}
			if got := strings.Count(r.stdout, "\n"); got != want {
				t.Fatalf("%v: %d output lines for %d positions", args, got, want)
			}
		}
	})
}
