//go:build !unix

package outfile

import "os"

// interrupts are the signals that remove the registered files and end the
// process.
var interrupts = []os.Signal{os.Interrupt}

// nonblock is 0: only Unix has O_NONBLOCK.
const nonblock = 0

// signalStatus is the exit status for a process ended by s: 130, a
// shell's status for an interrupt.
func signalStatus(os.Signal) int { return 130 }
