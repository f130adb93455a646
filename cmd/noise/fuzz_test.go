package main

import (
	"errors"
	"io"
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
// count of numbers (3; 4 for 4D; 2 or 3 for 2D, the plane) or a one-line
// error naming the field, and gives NaN only for a field that spells NaN;
// float32 and float64 (blog mode) parsing alike.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{"0.1 0.2 0.3", "1 2 3 4", "nan -nan +NaN", "inf -inf 1e39", "1e400 -1e400 0x1p-3",
		"\t1\v2\f3\r", "1 2", "a b c", "1_0 2 3", "", "   ", "1e-400 1 1", "\xef\xbb\xbf1 2 3", "0.5 -0 1e39 nan"} {
		f.Add(s, false, false, false)
		f.Add(s, true, true, false)
		f.Add(s, false, false, true)
		f.Add(s, false, true, true)
	}
	f.Fuzz(func(t *testing.T, line string, four, f64, twoD bool) {
		want, bits := 3, 32
		if four {
			want = 4
		}
		if f64 {
			bits = 64
		}
		plane := !four && twoD // the 2D "x y" form
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

// FuzzCommandArgs runs sample, image and shader on any command line
// (split at NUL; image and shader write to stdout, image at most 4×4
// pixels, 2 frames) and parses bench's: exit 0 with nothing on stderr
// (but the GPU's renderer line), or exit 2 with one line on stderr
// prefixed with the command; no input panics.
func FuzzCommandArgs(f *testing.F) {
	for _, s := range []string{
		"-noise\x00perlin",
		"-noise\x00perlin\x00-dims\x004\x00-translate\x001,2,3,4\x00-octaves\x002\x00-lacunarity\x003",
		"-noise\x00simplex\x00-tiling",
		"-noise\x00perm-value\x00-perm-mode\x00blog\x00-octaves\x000",
		"-noise\x00value\x00-normals\x00-displacement\x000.3\x00-seamless",
		"-noise\x00perlin\x00-library\x00-deriv",
		"-noise\x00perlin\x00-arith\x00exact\x00-backend\x00cpu",
		"-noise\x00voronoi-worley-f1\x00-frames\x002\x00-o\x00f%d.png",
		"-h",
		"-a\nb",
	} {
		for cmd := range uint8(4) {
			f.Add(cmd, s)
		}
	}
	f.Fuzz(func(t *testing.T, cmd uint8, line string) {
		args := strings.Split(line, "\x00")
		name := []string{"sample", "image", "shader", "bench"}[cmd%4]
		switch name {
		case "bench": // parsing only: running measures for seconds
			if _, err := parseBench(args, io.Discard); err != nil && !errors.Is(err, errHelp) {
				if strings.ContainsAny(err.Error(), "\n\r") {
					t.Fatalf("bench %q: %q", args, err)
				}
			}
			return
		case "image":
			for _, a := range args {
				if strings.Contains(a, "frames") || strings.Contains(a, "size") {
					return // too big, and -o below names no frames
				}
			}
			args = append(args, "-size", "4", "-o", "-")
		case "shader":
			args = append(args, "-o", "-")
		}
		r := runIn("0.1 0.2 0.3\n1 2\n", append([]string{name}, args...)...)
		switch r.code {
		case 0:
			if r.stderr != "" && !strings.HasPrefix(r.stderr, "noise: GPU: ") {
				t.Fatalf("%s %q: exit 0 with stderr %q", name, args, r.stderr)
			}
		case 2:
			if strings.Count(r.stderr, "\n") != 1 || !strings.HasPrefix(r.stderr, "noise "+name+": ") {
				t.Fatalf("%s %q: exit 2 with stderr %q, want one line", name, args, r.stderr)
			}
			if strings.Contains(r.stderr, "internal error") {
				t.Fatalf("%s %q: %s", name, args, r.stderr)
			}
		default:
			t.Fatalf("%s %q: exit %d (stderr %q)", name, args, r.code, r.stderr)
		}
	})
}
