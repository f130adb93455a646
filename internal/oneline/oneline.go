// Package oneline turns a message of several lines (a driver's info log, a
// wrapped error, a recovered panic) into the one line the project's
// commands print per failure.
package oneline

import "strings"

// Format trims each line of s and joins the non-empty ones with " | ".
func Format(s string) string {
	var parts []string
	for _, l := range strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' }) {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, " | ")
}
