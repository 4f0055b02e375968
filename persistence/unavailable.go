package persistence

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Unavailability is implemented by errors of a dependency other than the
// database that can say they are temporary (a grain that could not be
// reached in time): IsUnavailable believes them.
type Unavailability interface {
	Unavailable() bool
}

// IsUnavailable reports whether err means that a dependency could not
// answer, rather than that the request was wrong or the code is: the
// database unreachable, refusing or dropping connections, shutting down,
// out of connections, busy or locked, or too slow for the caller's deadline,
// and any error in the chain that says so itself (Unavailability). The
// same request may succeed when it is sent again later.
//
// A caller that went away (context.Canceled) is not a dependency failure.
func IsUnavailable(err error) bool {
	if err == nil {
		return false
	}
	var u Unavailability
	if errors.As(err, &u) {
		return u.Unavailable()
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, sql.ErrConnDone) ||
		errors.Is(err, driver.ErrBadConn) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, syscall.ECONNABORTED) || errors.Is(err, syscall.EPIPE) ||
		errors.Is(err, syscall.ETIMEDOUT) || errors.Is(err, syscall.EHOSTUNREACH) ||
		errors.Is(err, syscall.ENETUNREACH) {
		return true
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgUnavailable(pgErr.Code)
	}
	var connectErr *pgconn.ConnectError
	if errors.As(err, &connectErr) {
		return true
	}
	if pgconn.Timeout(err) || pgconn.SafeToRetry(err) {
		return true
	}
	var liteErr *sqlite.Error
	if errors.As(err, &liteErr) {
		switch liteErr.Code() & 0xff {
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return true
		}
		return false
	}
	var netErr net.Error
	if errors.As(err, &netErr) {
		return true
	}
	var opErr *net.OpError
	return errors.As(err, &opErr)
}

// pgUnavailable reports whether a PostgreSQL SQLSTATE says the server could
// not serve the statement now: a connection exception (08), insufficient
// resources (53: too many connections, out of memory or disk), an operator
// intervention (57: shutting down, starting up, a statement cancelled by
// statement_timeout), or a lock not available in time (55P03).
func pgUnavailable(code string) bool {
	if len(code) < 2 {
		return false
	}
	switch code[:2] {
	case "08", "53", "57":
		return true
	}
	return code == "55P03"
}
