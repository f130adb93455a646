package dispatch

import (
	"fmt"
	"unsafe"

	"github.com/go-gl/gl/v4.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
)

// BufferName, TextureName and ProgramName are the names of OpenGL objects
// on a Context; convert them with uint32() for your own GL calls.
type (
	BufferName  uint32
	TextureName uint32
	ProgramName uint32
)

// Buffer is an OpenGL buffer object on a Context. The methods that take
// one check it against the driver (it must still exist; sizes are the
// driver's), so a Buffer made elsewhere, {ID: name}, works too.
type Buffer struct {
	ID   BufferName
	Size int // bytes, as made; informational
}

// NewBuffer creates a buffer of size bytes, uninitialised, for results.
func (c *Context) NewBuffer(size int) (Buffer, error) {
	if size <= 0 {
		return Buffer{}, fmt.Errorf("dispatch: buffer size %d must be positive", size)
	}
	var b Buffer
	err := c.Do(func() error {
		clearGLErrors()
		var id uint32
		gl.CreateBuffers(1, &id)
		gl.NamedBufferData(id, size, nil, gl.DYNAMIC_COPY)
		if e := gl.GetError(); e == gl.OUT_OF_MEMORY {
			gl.DeleteBuffers(1, &id)
			return fmt.Errorf("dispatch: no GPU memory for a buffer of %d bytes", size)
		}
		b.ID, b.Size = BufferName(id), size
		return nil
	})
	return b, err
}

// BufferFromVec3 creates a buffer holding pos, tightly packed (stride 3).
func (c *Context) BufferFromVec3(pos []mgl32.Vec3) (Buffer, error) {
	return c.bufferFrom(unsafe.Pointer(unsafe.SliceData(pos)), len(pos)*12)
}

// BufferFromVec4 creates a buffer holding pos, tightly packed (stride 4).
func (c *Context) BufferFromVec4(pos []mgl32.Vec4) (Buffer, error) {
	return c.bufferFrom(unsafe.Pointer(unsafe.SliceData(pos)), len(pos)*16)
}

func (c *Context) bufferFrom(p unsafe.Pointer, size int) (Buffer, error) {
	b, err := c.NewBuffer(size)
	if err != nil {
		return b, err
	}
	err = c.Do(func() error {
		gl.NamedBufferSubData(uint32(b.ID), 0, size, p)
		return nil
	})
	if err != nil {
		c.DeleteBuffer(b)
		return Buffer{}, err
	}
	return b, nil
}

// WriteSamples copies s to the start of b in the layout of the derivative
// results (SampleBytes each), as if SampleBuffers had computed them: for
// samples made on the CPU (the viewer's seamless plane, for one).
func (c *Context) WriteSamples(b Buffer, s []noise.Sample) error {
	return c.Do(func() error {
		size, err := bufferSize(b, "destination")
		if err != nil {
			return err
		}
		if int64(len(s)) > size/SampleBytes {
			return fmt.Errorf("dispatch: %d samples of %d bytes do not fit: the buffer has %d bytes", len(s), SampleBytes, size)
		}
		if len(s) > 0 {
			gl.NamedBufferSubData(uint32(b.ID), 0, len(s)*SampleBytes, unsafe.Pointer(unsafe.SliceData(s)))
		}
		return nil
	})
}

// ReadFloats copies len(dst) floats from the start of b into dst.
func (c *Context) ReadFloats(b Buffer, dst []float32) error {
	return c.Do(func() error {
		size, err := bufferSize(b, "source")
		if err != nil {
			return err
		}
		if int64(len(dst)) > size/4 {
			return fmt.Errorf("dispatch: reading %d floats from a buffer of %d bytes", len(dst), size)
		}
		if len(dst) == 0 {
			return nil
		}
		gl.MemoryBarrier(gl.BUFFER_UPDATE_BARRIER_BIT)
		gl.GetNamedBufferSubData(uint32(b.ID), 0, len(dst)*4, gl.Ptr(&dst[0]))
		return nil
	})
}

// clearGLErrors drops the errors recorded so far, so that the next
// glGetError reports the next call's.
func clearGLErrors() {
	for i := 0; i < 16 && gl.GetError() != gl.NO_ERROR; i++ {
	}
}

// DeleteBuffer deletes b (a zero Buffer is ignored).
func (c *Context) DeleteBuffer(b Buffer) error {
	if b.ID == 0 {
		return nil
	}
	return c.Do(func() error {
		id := uint32(b.ID)
		gl.DeleteBuffers(1, &id)
		return nil
	})
}

// Finish waits until the GPU has finished all work (glFinish); for timing.
func (c *Context) Finish() error {
	return c.Do(func() error {
		gl.Finish()
		return nil
	})
}

// stage returns staging buffer i with room for at least size bytes.
func (c *Context) stage(i, size int) uint32 {
	if c.stageCap[i] < size {
		if c.staging[i] != 0 {
			gl.DeleteBuffers(1, &c.staging[i])
		}
		gl.CreateBuffers(1, &c.staging[i])
		gl.NamedBufferData(c.staging[i], size, nil, gl.DYNAMIC_COPY)
		c.stageCap[i] = size
	}
	return c.staging[i]
}

// bufferSize returns the size in bytes the driver gives b, or an error for
// a name that is no buffer (never made, or deleted) or one without
// storage. It runs on the GL thread.
func bufferSize(b Buffer, what string) (int64, error) {
	if b.ID == 0 || !gl.IsBuffer(uint32(b.ID)) {
		return 0, fmt.Errorf("dispatch: the %s buffer (name %d) is not a buffer: deleted, or never made", what, b.ID)
	}
	var size int64
	gl.GetNamedBufferParameteri64v(uint32(b.ID), gl.BUFFER_SIZE, &size)
	if size <= 0 {
		return 0, fmt.Errorf("dispatch: the %s buffer (name %d) has no storage", what, b.ID)
	}
	return size, nil
}
