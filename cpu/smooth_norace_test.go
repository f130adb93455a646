//go:build !race

package cpu

const smoothRace = false
