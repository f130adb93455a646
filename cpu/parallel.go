package cpu

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Batches are spread over GOMAXPROCS goroutines: the caller and a pool of
// persistent workers take chunks of positions from a shared counter, so a
// worker that starts late simply takes fewer chunks instead of holding the
// caller up. Waking a parked thread can take a fraction of a millisecond on
// a virtual machine — as long as a whole 2D grid takes on one core — so the
// workers spin (yielding to any other goroutine) for a short while after a
// batch before they park; back-to-back batches then start at once.

// minParallel is the batch size below which a batch runs on the caller's
// goroutine: smaller batches cost more to hand out than to compute.
const minParallel = 2048

// spinWindow is how long an idle worker keeps looking for the next batch
// before it parks.
const spinWindow = 200 * time.Microsecond

// workersFor is how many goroutines a batch of n positions is spread over:
// GOMAXPROCS, but no more than one per minParallel positions.
func workersFor(n int) int {
	return max(1, min(runtime.GOMAXPROCS(0), n/minParallel))
}

// batch is one call's work: positions [0, n) in chunks.
type batch struct {
	id    uint64 // distinct per call: workers remember it, not the batch
	body  func(lo, hi int)
	n     int64
	chunk int64
	next  atomic.Int64 // start of the next chunk to take
	done  atomic.Int64 // positions finished
}

// work takes and runs chunks until none are left.
func (b *batch) work() {
	for {
		lo := b.next.Add(b.chunk) - b.chunk
		if lo >= b.n {
			return
		}
		hi := min(lo+b.chunk, b.n)
		b.body(int(lo), int(hi))
		b.done.Add(hi - lo)
	}
}

// pool holds the persistent workers.
var pool struct {
	mu      sync.Mutex
	workers int                   // worker goroutines started
	current atomic.Pointer[batch] // the newest batch
	wake    chan struct{}         // parked workers wait here
	ids     atomic.Uint64         // the last batch id handed out
}

func init() { pool.wake = make(chan struct{}, 1024) }

// ensureWorkers starts worker goroutines until there are at least k.
func ensureWorkers(k int) {
	pool.mu.Lock()
	for pool.workers < k {
		pool.workers++
		go worker()
	}
	pool.mu.Unlock()
}

// worker runs batches as they come. It remembers the id of the last batch
// it worked on, not the batch: a pointer would keep the caller's slices
// reachable (through body) after the call returned.
func worker() {
	var last uint64
	idle := time.Now()
	for {
		if b := pool.current.Load(); b != nil && b.id != last {
			last = b.id
			b.work()
			idle = time.Now()
			continue
		}
		if time.Since(idle) < spinWindow {
			runtime.Gosched()
			continue
		}
		<-pool.wake
		idle = time.Now()
	}
}

// parallel runs body over [0, n) on the caller and workersFor(n)−1 workers.
func parallel(n int, body func(lo, hi int)) {
	workers := workersFor(n)
	if workers == 1 {
		body(0, n)
		return
	}
	ensureWorkers(workers - 1)
	chunk := max(1024, n/(8*workers))
	b := &batch{id: pool.ids.Add(1), body: body, n: int64(n), chunk: int64(chunk)}
	pool.current.Store(b)
	for i := 1; i < workers; i++ {
		select {
		case pool.wake <- struct{}{}:
		default:
		}
	}
	b.work()
	for b.done.Load() < b.n {
		runtime.Gosched() // a worker is finishing its last chunk
	}
	pool.current.CompareAndSwap(b, nil) // let the batch's slices be collected
}
