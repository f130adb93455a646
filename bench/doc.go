// Package bench holds the comparative benchmarks of the noise library: the
// project's cpu package against the Go peers github.com/ojrac/opensimplex-go
// and github.com/aquilax/go-perlin, measured in the same run on the same
// grids. Run them with
//
//	go test -run '^$' -bench . ./bench/
//
// Every benchmark reports Mpts/s, millions of noise points per second.
package bench
