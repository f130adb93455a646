package cliflag

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Triple is a comma-separated x,y,z flag value; with Single set it also
// accepts one number for all three components.
type Triple struct {
	V      [3]float32
	Single bool
}

// String formats the value as the flag takes it.
func (t *Triple) String() string {
	if t == nil {
		return ""
	}
	var parts []string
	for _, c := range t.V {
		parts = append(parts, strconv.FormatFloat(float64(c), 'g', -1, 32))
	}
	return strings.Join(parts, ",")
}

// Set parses a flag value.
func (t *Triple) Set(s string) error {
	want := `want three comma-separated numbers "x,y,z"`
	if t.Single {
		want = `want one number or three comma-separated numbers "x,y,z"`
	}
	parts := strings.Split(s, ",")
	if len(parts) != 3 && !(t.Single && len(parts) == 1) {
		return errors.New(want)
	}
	var v [3]float32
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
		v[1], v[2] = v[0], v[0]
	}
	t.V = v
	return nil
}
