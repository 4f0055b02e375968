package persistence

// hold marks the writer busy, as if a transaction ran, so that calls
// queue; release runs them.
func (w *groupWriter[J]) hold() {
	w.mu.Lock()
	w.running = true
	w.mu.Unlock()
}

func (w *groupWriter[J]) release() { go w.run() }

// queued returns how many calls wait.
func (w *groupWriter[J]) queued() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.queue)
}
