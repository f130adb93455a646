// Package bench holds the comparative benchmarks of the noise library: the
// project's cpu package against the Go peers github.com/ojrac/opensimplex-go
// and github.com/aquilax/go-perlin, measured in the same run on the same
// grids. It is a module of its own (bench/go.mod, which replaces
// github.com/noiselab/noise with the checkout around it), so that the
// library's go.mod requires no other noise library. Run them with
//
//	cd bench && go test -run '^$' -bench .
//
// Every benchmark reports Mpts/s, millions of noise points per second.
package bench
