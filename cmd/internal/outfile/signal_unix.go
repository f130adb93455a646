//go:build unix

package outfile

import (
	"os"
	"syscall"
)

// interrupts are the signals that remove the registered files and end the
// process.
var interrupts = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// nonblock opens a device without waiting (a serial line's carrier, say).
const nonblock = syscall.O_NONBLOCK

// signalStatus is the exit status a shell reports for a process ended by
// s: 128 + its number.
func signalStatus(s os.Signal) int {
	if n, ok := s.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 1
}
