// Package ws is the websocket gateway of a node: it upgrades GET /api/ws,
// reads JSON text frames {"action": "...", "data": {...}} from each
// connection and hands them to a Handler, and writes pre-encoded frames back
// through a bounded, coalescing outbound queue. It holds the node's own
// connections only; what a frame means lives in the Handler.
//
// # Who owns what
//
//   - The Gateway owns the set of open connections (guarded by Gateway.mu)
//     and, on Linux, one poller goroutine that waits on epoll for readable
//     connections.
//   - Reading a connection is serialised by Conn.readMu. With the poller, a
//     short-lived goroutine is started when the socket becomes readable; it
//     reads every complete frame, calls Handler.Frame for each, and re-arms
//     the socket. Without it (TLS, or Config.DisablePoller), one goroutine per
//     connection reads. Either way Handler.Frame is called sequentially per
//     connection and never after Handler.Close.
//   - Writing is owned by a flusher goroutine that exists only while the
//     connection's queue is non-empty: Send appends under Conn.mu and starts
//     the flusher if none runs; the flusher takes the whole queue, encodes it
//     into one buffer and writes it with one Write, until the queue is empty.
//     No goroutine waits on an idle connection's queue. For a connection
//     written to within the last 2 × Config.FlushDelay, the flusher is
//     started by the gateway's one coalescer goroutine FlushDelay later
//     (Gateway.delayed, guarded by delayMu), so a busy connection's frames
//     share writes; an idle connection's first frame goes out at once.
//   - A per-connection runtime timer sends pings and drops a silent peer; it
//     costs no goroutine while it waits.
//   - Handler.Open runs in the upgrading request's goroutine before any frame
//     is read; Handler.Close runs once, on its own goroutine, after the socket
//     is closed and the last Handler.Frame has returned.
//
// Send never blocks and never calls back into the Handler, so it is safe to
// call from an actor, from Handler.Frame and from Groups.Broadcast while
// Groups holds its lock.
package ws
