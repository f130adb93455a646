//go:build race

package cpu

// smoothRace: the race detector slows the exhaustive exp test a
// hundredfold; it takes a strided subset then.
const smoothRace = true
