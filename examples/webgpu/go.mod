module github.com/noiselab/noise/examples/webgpu

go 1.26

require (
	github.com/chromedp/chromedp v0.23.0
	github.com/go-gl/mathgl v1.2.0
	github.com/noiselab/noise v0.0.0
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
)

// The test checks the checkout it sits in.
replace github.com/noiselab/noise => ../..
