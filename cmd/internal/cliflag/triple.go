package cliflag

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Triple is a comma-separated x,y,z flag value; with Single set it also
// accepts one number for all three components. With Four set it also
// accepts x,y,z,w: the fourth component is W, and HasW says it was given
// (one number with Single gives it too).
type Triple struct {
	V      [3]float32
	W      float32
	HasW   bool
	Single bool
	Four   bool
	// Count is how many numbers the flag's value had (1, 3 or 4); 0
	// before Set.
	Count int
	text  string // the value as given
}

// String formats the value as the flag takes it: as given, or the
// default's numbers.
func (t *Triple) String() string {
	if t == nil {
		return ""
	}
	if t.text != "" {
		return t.text
	}
	var parts []string
	v := t.V[:]
	if t.HasW {
		v = append(v, t.W)
	}
	for _, c := range v {
		parts = append(parts, strconv.FormatFloat(float64(c), 'g', -1, 32))
	}
	return strings.Join(parts, ",")
}

// Set parses a flag value.
func (t *Triple) Set(s string) error {
	want := `want three comma-separated numbers "x,y,z"`
	switch {
	case t.Single && t.Four:
		want = `want one number, or three or four comma-separated numbers "x,y,z" or "x,y,z,w"`
	case t.Single:
		want = `want one number or three comma-separated numbers "x,y,z"`
	case t.Four:
		want = `want three or four comma-separated numbers "x,y,z" or "x,y,z,w"`
	}
	parts := strings.Split(s, ",")
	if len(parts) != 3 && !(t.Single && len(parts) == 1) && !(t.Four && len(parts) == 4) {
		return errors.New(want)
	}
	var v [4]float32
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 32)
		if err != nil {
			if errors.Is(err, strconv.ErrRange) {
				return fmt.Errorf("%q is out of float32 range", strings.TrimSpace(p))
			}
			return fmt.Errorf("%q is not a number; %s", strings.TrimSpace(p), want)
		}
		v[i] = float32(f)
	}
	if len(parts) == 1 {
		v[1], v[2], v[3] = v[0], v[0], v[0]
	}
	t.V = [3]float32{v[0], v[1], v[2]}
	t.W, t.HasW, t.Count = v[3], t.Four && len(parts) != 3, len(parts)
	t.text = strings.TrimSpace(s)
	return nil
}
