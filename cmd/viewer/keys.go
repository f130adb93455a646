package main

import (
	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/noiselab/noise/cmd/internal/cliflag"
)

// binding is a key, with or without Shift, and its action.
type binding struct {
	key    glfw.Key
	shift  bool
	action Action
	help   string // empty: described by the binding before it
}

// bindings is the keyboard map; the help overlay and -h print it in this
// order.
var bindings = []binding{
	{glfw.KeyN, false, NextNoise, "N / Shift+N    next / previous noise type"},
	{glfw.KeyN, true, PrevNoise, ""},
	{glfw.KeyPageDown, false, NextNoise, "PgDn / PgUp    next / previous noise type"},
	{glfw.KeyPageUp, false, PrevNoise, ""},
	{glfw.Key1, false, Dims1, cliflag.Expand("1 2 3 4        dimensions (4D: not {fewerDims})")},
	{glfw.Key2, false, Dims2, ""},
	{glfw.Key3, false, Dims3, ""},
	{glfw.Key4, false, Dims4, ""},
	{glfw.KeyT, false, ToggleTiling, cliflag.Expand("T              tiling on/off (not for {noTiling})")},
	{glfw.KeyS, false, NextShape, "S / Shift+S    shape: plane, sphere, torus"},
	{glfw.KeyS, true, PrevShape, ""},
	{glfw.KeyM, false, ToggleLook, "M              look: lit surface / cubes"},
	{glfw.KeyO, false, OctavesUp, "O / Shift+O    octaves up / down"},
	{glfw.KeyO, true, OctavesDown, ""},
	{glfw.KeyF, false, FrequencyUp, "F / Shift+F    frequency up / down"},
	{glfw.KeyF, true, FrequencyDown, ""},
	{glfw.KeyL, false, LacunarityUp, "L / Shift+L    lacunarity up / down"},
	{glfw.KeyL, true, LacunarityDown, ""},
	{glfw.KeyP, false, PersistenceUp, "P / Shift+P    persistence up / down"},
	{glfw.KeyP, true, PersistenceDown, ""},
	{glfw.KeyG, false, NextFractal, "G / Shift+G    fractal mode: fbm, ridged, billow, pingpong"},
	{glfw.KeyG, true, PrevFractal, ""},
	{glfw.KeyW, false, WarpUp, "W / Shift+W    domain warp amplitude up / down (0: off)"},
	{glfw.KeyW, true, WarpDown, ""},
	{glfw.KeyK, false, ToggleWarpMode, "K              domain warp: independent / progressive"},
	{glfw.KeyE, false, SeedUp, "E / Shift+E    seed up / down"},
	{glfw.KeyE, true, SeedDown, ""},
	{glfw.KeyD, false, DisplacementUp, "D / Shift+D    displacement up / down"},
	{glfw.KeyD, true, DisplacementDown, ""},
	{glfw.KeyR, false, ResolutionUp, "R / Shift+R    resolution x2 / /2"},
	{glfw.KeyR, true, ResolutionDown, ""},
	{glfw.KeyLeft, false, RotateLeft, "arrow keys     rotate the domain (15 degrees)"},
	{glfw.KeyRight, false, RotateRight, ""},
	{glfw.KeyUp, false, RotateUp, ""},
	{glfw.KeyDown, false, RotateDown, ""},
	{glfw.KeyA, false, ToggleAnimate, "A / Space      animate: spin the domain"},
	{glfw.KeySpace, false, ToggleAnimate, ""},
	{glfw.KeyY, false, ToggleFlow, "Y              4D: time loops through w (4 s a loop)"},
	{glfw.KeyU, false, ToggleSeamless, "U              4D on the plane: a seamless texture (4D torus, 2x2 tiles)"},
	{glfw.KeyX, false, NextGraph, "X / Shift+X    next / previous noise graph (examples/graphs/, or -graph's directory; N: back)"},
	{glfw.KeyX, true, PrevGraph, ""},
	{glfw.KeyV, false, ResetView, "V              reset the camera"},
	{glfw.KeyC, false, Screenshot, "C / F12        save a screenshot (PNG)"},
	{glfw.KeyF12, false, Screenshot, ""},
	{glfw.KeyH, false, ToggleHelp, "H / F1         this help"},
	{glfw.KeyF1, false, ToggleHelp, ""},
	{glfw.KeyEscape, false, Quit, "Esc / Q        quit"},
	{glfw.KeyQ, false, Quit, ""},
}

// actionFor returns the action bound to key with the given modifiers. A
// key without a Shift binding does the same with Shift held; Ctrl, Alt
// and Super combinations do nothing.
func actionFor(key glfw.Key, mods glfw.ModifierKey) Action {
	if mods&(glfw.ModControl|glfw.ModAlt|glfw.ModSuper) != 0 {
		return None
	}
	shift := mods&glfw.ModShift != 0
	fallback := None
	for _, b := range bindings {
		if b.key != key {
			continue
		}
		if b.shift == shift {
			return b.action
		}
		if !b.shift {
			fallback = b.action
		}
	}
	return fallback
}

// helpLines returns the key map and mouse controls, one line each.
func helpLines() []string {
	var lines []string
	for _, b := range bindings {
		if b.help != "" {
			lines = append(lines, b.help)
		}
	}
	return append(lines,
		"mouse drag     orbit the camera",
		"scroll         zoom")
}
