package cliflag

import (
	"bytes"
	"errors"
	"flag"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/noiselab/noise"
)

// oneLine fails unless err is one line of printable text that names one
// of the flags (by "-name") or the run-h hint of package flag's errors.
func oneLine(t *testing.T, what string, err error, flags ...string) {
	t.Helper()
	msg := err.Error()
	if strings.ContainsAny(msg, "\n\r") || msg == "" {
		t.Fatalf("%s: error is not one line: %q", what, msg)
	}
	for _, f := range flags {
		if strings.Contains(msg, "-"+f) {
			return
		}
	}
	if strings.Contains(msg, `(run "cmd -h" for usage)`) {
		return
	}
	t.Fatalf("%s: error %q names none of the flags %q", what, msg, flags)
}

// FuzzTriple: a -translate, -rotate or -scale value is either refused in
// one line or read as one, three or four finite-or-infinite float32s that
// its text, printed back, reads as again.
func FuzzTriple(f *testing.F) {
	for _, s := range []string{"1,2,3", "1,2,3,4", "0.5", " 1 , 2 ,3", "1e39,0,0", "nan,inf,-inf", "1,2", "1,2,3,4,5", "", ",,", "0x1p-3,1_0,2"} {
		f.Add(s, true, true)
		f.Add(s, false, false)
	}
	f.Fuzz(func(t *testing.T, s string, single, four bool) {
		tr := Triple{Single: single, Four: four}
		if err := tr.Set(s); err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("%q: error is not one line: %q", s, err)
			}
			return
		}
		switch tr.Count {
		case 3:
		case 1:
			if !single || tr.V[1] != tr.V[0] && !math.IsNaN(float64(tr.V[0])) || tr.HasW != four {
				t.Fatalf("%q: one number read as %+v", s, tr)
			}
		case 4:
			if !four || !tr.HasW {
				t.Fatalf("%q: four numbers read as %+v", s, tr)
			}
		default:
			t.Fatalf("%q: %d numbers accepted", s, tr.Count)
		}
		again := Triple{Single: single, Four: four}
		if err := again.Set(tr.String()); err != nil {
			t.Fatalf("%q: its String %q is refused: %v", s, tr.String(), err)
		}
		same := func(a, b float32) bool { return a == b || math.IsNaN(float64(a)) && math.IsNaN(float64(b)) }
		for i := range 3 {
			if !same(again.V[i], tr.V[i]) {
				t.Fatalf("%q: reads as %v, its String %q as %v", s, tr.V, tr.String(), again.V)
			}
		}
		if !same(again.W, tr.W) || again.HasW != tr.HasW {
			t.Fatalf("%q: w %v/%v, again %v/%v", s, tr.W, tr.HasW, again.W, again.HasW)
		}
	})
}

// FuzzDomainFlags: -translate, -rotate, -scale and -matrix (an empty
// string leaves a flag out) give either an error of one line naming one of
// them, or a domain the library accepts, and the domain needs check in one
// line too.
func FuzzDomainFlags(f *testing.F) {
	f.Add("1,2,3", "30,45,60", "2,3,4", "ps", true)
	f.Add("1,2,3,4", "0,0,0", "0.01", "pn", false)
	f.Add("", "", "1,1,1,0", "", true)
	f.Add("1e30,0,0", "nan,0,0", "inf", "tr", false)
	f.Add("0,0,0", "", "4294967297", "pn", true)
	f.Fuzz(func(t *testing.T, translate, rotate, scale, matrix string, fourD bool) {
		var args []string
		for _, p := range [][2]string{{"translate", translate}, {"rotate", rotate}, {"scale", scale}, {"matrix", matrix}} {
			if p[1] != "" {
				args = append(args, "-"+p[0], p[1])
			}
		}
		var d Domain
		fs := NewFlagSet("cmd")
		d.Register(fs, 8)
		if err := Parse(fs, "", args, new(bytes.Buffer)); err != nil {
			oneLine(t, strings.Join(args, " "), err, domainNames...)
			return
		}
		dom, err := d.Domain()
		if err != nil {
			oneLine(t, strings.Join(args, " "), err, domainNames...)
			return
		}
		if err := dom.Validate(); err != nil {
			t.Fatalf("%q: a domain the library refuses: %v", args, err)
		}
		if sw, _ := dom.WTransform(); sw == 0 {
			t.Fatalf("%q: w scale 0", args)
		}
		if err := CheckNeeds(fs, d.Needs(fourD, false, "-dims 4", "a non-zero -rotate")); err != nil {
			oneLine(t, strings.Join(args, " "), err, domainNames...)
			if !strings.Contains(err.Error(), "needs") {
				t.Fatalf("%q: %v", args, err)
			}
		}
	})
}

// settingsArgs makes the flags of FuzzSettingsFlags: an empty value leaves
// its flag out.
func settingsArgs(vals ...string) []string {
	var args []string
	for i, name := range []string{"seed", "frequency", "octaves", "lacunarity", "persistence", "fractal", "ping-pong",
		"warp-amplitude", "warp-frequency", "warp-octaves", "warp-mode"} {
		if vals[i] != "" {
			args = append(args, "-"+name, vals[i])
		}
	}
	return args
}

// FuzzSettingsFlags: the settings flags give either an error of one line
// naming a flag, or settings the library accepts that are the flags'
// values; the needs check names a flag in one line too.
func FuzzSettingsFlags(f *testing.F) {
	f.Add("0", "4", "1", "2", "0.5", "fbm", "", "0", "1", "1", "independent", false)
	f.Add("-7", "3", "5", "3", "0.25", "pingpong", "1.5", "0.5", "2", "3", "progressive", true)
	f.Add("4294967296", "0", "17", "2.5", "NaN", "ridge", "2000", "1e39", "0", "0", "fast", true)
	f.Add("", "100000", "16", "", "1e30", "billow", "", "1", "2000000000", "3", "", false)
	f.Add("", "", "", "1e300", "-0", "", "0x1p-3", "-65536", "", "16", "", true)
	f.Fuzz(func(t *testing.T, seed, freq, oct, lac, pers, fractal, pp, wa, wf, wo, wm string, viewer bool) {
		args := settingsArgs(seed, freq, oct, lac, pers, fractal, pp, wa, wf, wo, wm)
		names := SettingsFlags()
		var s Settings
		if viewer { // the viewer's tighter limits
			s.Limits = Limits{Frequency: 64, Lacunarity: 8, Persistence: 1}
		}
		fs := NewFlagSet("cmd")
		s.Register(fs, noise.DefaultSettings(), "")
		if err := Parse(fs, "", args, new(bytes.Buffer)); err != nil {
			oneLine(t, strings.Join(args, " "), err, names...)
			return
		}
		st, err := s.Settings()
		if err != nil {
			oneLine(t, strings.Join(args, " "), err, names...)
			return
		}
		if err := st.Validate(); err != nil {
			t.Fatalf("%q: settings the library refuses: %+v: %v", args, st, err)
		}
		if int64(st.Seed) != s.Seed || st.Frequency != float32(s.Frequency.Float64()) || st.Octaves != s.Octaves || st.Fractal.String() != s.Fractal {
			t.Fatalf("%q: flags %+v became %+v", args, s, st)
		}
		if viewer && (st.Frequency > 64 || st.Lacunarity > 8 || st.Persistence > 1) {
			t.Fatalf("%q: beyond the limits: %+v", args, st)
		}
		for _, asGiven := range []bool{false, true} {
			if err := CheckNeeds(fs, s.Needs(asGiven)); err != nil {
				oneLine(t, strings.Join(args, " "), err, names...)
			}
		}
	})
}

// FuzzVariants: verify's -noise, -exclude, -dims and -tiling give either
// an error of one line or a selection that is not empty and that the
// filters describe.
func FuzzVariants(f *testing.F) {
	f.Add("all", "", "all", "both")
	f.Add("perlin,voronoi-worley-f1", "", "3,4", "yes")
	f.Add("perlin", "simplex", "1", "no")
	f.Add(" simplex , perlin", "perlin", "2,2", "maybe")
	f.Add("", "perm-value", "0,5", "both")
	f.Fuzz(func(t *testing.T, noises, exclude, dims, tiling string) {
		var v Variants
		fs := NewFlagSet("cmd")
		v.Register(fs)
		args := []string{"-noise", noises, "-exclude", exclude, "-dims", dims, "-tiling", tiling}
		flags := []string{"noise", "exclude", "dims", "tiling"}
		if err := Parse(fs, "", args, new(bytes.Buffer)); err != nil {
			oneLine(t, strings.Join(args, " "), err, flags...)
			return
		}
		vs, err := v.Select()
		if err != nil {
			oneLine(t, strings.Join(args, " "), err, append(flags, "no variant matches")...)
			return
		}
		if len(vs) == 0 {
			t.Fatalf("%q: nothing selected, no error", args)
		}
		for _, c := range vs {
			if (tiling == "yes" && !c.Tiling) || (tiling == "no" && c.Tiling) || c.Dims > c.Noise.MaxDims() {
				t.Fatalf("%q: selected %v", args, c)
			}
			for _, n := range v.Exclude.Noises {
				if n == c.Noise {
					t.Fatalf("%q: selected the excluded %v", args, c)
				}
			}
		}
	})
}

// FuzzArgs: any command line over every shared flag set (split at NUL)
// is either refused in one line or gives a noise configuration the
// library accepts; no input panics.
func FuzzArgs(f *testing.F) {
	for _, s := range []string{
		"-noise\x00perlin\x00-dims\x004\x00-translate\x001,2,3,4",
		"-noise\x00simplex\x00-tiling\x00-octaves\x003\x00-lacunarity\x003",
		"-noise\x00perm-value\x00-context\x00glfw\x00-arith\x00exact",
		"-frobnicate\x00-noise",
		"-noise\x00voronoi-worley-f1\x00-dims\x004",
		"-tiling=maybe\x00--\x00x",
		"-a\nb",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Split(line, "\x00")
		var (
			v Variant
			s Settings
			d Domain
			g GPU
		)
		fs := NewFlagSet("cmd")
		v.Register(fs, noise.Config{Noise: noise.Perlin, Dims: 3}, true)
		s.Register(fs, noise.DefaultSettings(), "")
		d.Register(fs, 1)
		g.Register(fs, "")
		g.RegisterPrecision(fs, "")
		var out bytes.Buffer
		err := Parse(fs, "header\n", args, &out)
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") || !strings.HasSuffix(err.Error(), `(run "cmd -h" for usage)`) {
				t.Fatalf("%q: %q", args, err)
			}
			return
		}
		st, err := s.Settings()
		if err == nil {
			var cfg noise.Config
			if cfg, err = v.Config(st); err == nil {
				if cfg.Domain, err = d.Domain(); err == nil {
					if verr := cfg.Validate(); verr != nil {
						t.Fatalf("%q: a configuration the library refuses: %v", args, verr)
					}
					err = CheckNeeds(fs, s.Needs(true), d.Needs(cfg.Dims == 4, false, "-dims 4", "a non-zero -rotate"), g.Needs(false, "-backend gpu", "no GPU"))
				}
			}
		}
		if err != nil && (strings.ContainsAny(err.Error(), "\n\r") || !flagName.MatchString(err.Error())) {
			t.Fatalf("%q: %q", args, err)
		}
	})
}

// flagName finds a flag named in a message.
var flagName = regexp.MustCompile(`(^|[ (])-[a-z]`)
