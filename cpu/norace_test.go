//go:build !race

package cpu_test

// raceEnabled: the race detector's sync.Pool drops items at random, so
// allocation counts are not the code's.
const raceEnabled = false
