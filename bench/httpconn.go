package bench

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"syscall"
	"time"
)

// poster sends POST requests to one URL and returns each reply's status
// ("error" when none came back); its reply body is read and dropped.
type poster interface {
	post(ctx context.Context, body []byte) string
	close()
}

// newPoster returns the leanest client for rawURL: a keep-alive HTTP/1.1
// connection of its own for http://, net/http for anything else (https).
func newPoster(rawURL string, client *http.Client) poster {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return &stdPoster{client: client, url: rawURL}
	}
	path := u.RequestURI()
	return &connPoster{
		addr:   hostPort(u),
		prefix: []byte("POST " + path + " HTTP/1.1\r\nHost: " + u.Host + "\r\nContent-Type: application/json\r\nContent-Length: "),
	}
}

func hostPort(u *url.URL) string {
	if u.Port() != "" {
		return u.Host
	}
	return net.JoinHostPort(u.Hostname(), "80")
}

// stdPoster posts through net/http.
type stdPoster struct {
	client *http.Client
	url    string
}

func (p *stdPoster) post(ctx context.Context, body []byte) string {
	return postJSON(ctx, p.client, p.url, body)
}

func (p *stdPoster) close() {}

// connPoster is one client's own keep-alive connection, one request at a
// time, written from bytes built once and read without allocating per
// reply: the load generator's CPU goes to the load, not to itself
// (net/http's client took about 30 µs a request on this machine, as much as
// the lighter actions cost the server).
type connPoster struct {
	addr   string
	prefix []byte // request line and headers up to Content-Length's value

	conn net.Conn
	r    *bufio.Reader
	req  []byte // the last request, reused
}

// requestTimeout bounds one request, as the net/http client's Timeout does.
const requestTimeout = 10 * time.Second

var errBadReply = errors.New("malformed HTTP reply")

func (p *connPoster) post(ctx context.Context, body []byte) string {
	if ctx.Err() != nil {
		return "error"
	}
	reused := p.conn != nil
	status, err := p.roundTrip(body)
	if err != nil {
		// A keep-alive connection the server closed between requests is
		// not the request's failure: one new connection, one more try (the
		// mix holds read actions only, so a resend changes nothing).
		p.close()
		if !reused || !(errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)) {
			return "error"
		}
		if status, err = p.roundTrip(body); err != nil {
			p.close()
			return "error"
		}
	}
	return strconv.Itoa(status)
}

func (p *connPoster) roundTrip(body []byte) (int, error) {
	if p.conn == nil {
		c, err := net.DialTimeout("tcp", p.addr, 5*time.Second)
		if err != nil {
			return 0, err
		}
		p.conn, p.r = c, bufio.NewReaderSize(c, 32<<10)
	}
	if err := p.conn.SetDeadline(time.Now().Add(requestTimeout)); err != nil {
		return 0, err
	}
	p.req = append(p.req[:0], p.prefix...)
	p.req = strconv.AppendInt(p.req, int64(len(body)), 10)
	p.req = append(p.req, "\r\n\r\n"...)
	p.req = append(p.req, body...)
	if _, err := p.conn.Write(p.req); err != nil {
		return 0, err
	}
	status, keep, err := readReply(p.r)
	if err != nil {
		return 0, err
	}
	if !keep {
		p.close()
	}
	return status, nil
}

func (p *connPoster) close() {
	if p.conn != nil {
		_ = p.conn.Close()
		p.conn, p.r = nil, nil
	}
}

// readReply reads one HTTP/1.1 reply from r and drops its body; keep is
// false when the server closes the connection after it.
func readReply(r *bufio.Reader) (status int, keep bool, err error) {
	line, err := readLine(r)
	if err != nil {
		return 0, false, err
	}
	// HTTP/1.1 200 OK
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.")) || line[8] != ' ' {
		return 0, false, errBadReply
	}
	status, err = strconv.Atoi(string(line[9:12]))
	if err != nil {
		return 0, false, errBadReply
	}
	keep = line[7] == '1'
	length, chunked := int64(-1), false
	for {
		h, err := readLine(r)
		if err != nil {
			return 0, false, err
		}
		if len(h) == 0 {
			break
		}
		name, value, ok := bytes.Cut(h, []byte(":"))
		if !ok {
			return 0, false, errBadReply
		}
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, err = strconv.ParseInt(string(value), 10, 64); err != nil || length < 0 {
				return 0, false, errBadReply
			}
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(value, []byte("chunked"))
		case bytes.EqualFold(name, []byte("Connection")):
			if bytes.EqualFold(value, []byte("close")) {
				keep = false
			}
		}
	}
	switch {
	case chunked:
		err = discardChunked(r)
	case length >= 0:
		_, err = r.Discard(int(length))
	case status == http.StatusNoContent || status == http.StatusNotModified || status/100 == 1:
	default:
		// No length: the body runs to the end of the connection.
		_, err = io.Copy(io.Discard, r)
		keep = false
	}
	if err != nil {
		return 0, false, err
	}
	return status, keep, nil
}

func discardChunked(r *bufio.Reader) error {
	for {
		line, err := readLine(r)
		if err != nil {
			return err
		}
		size, _, _ := bytes.Cut(line, []byte(";"))
		n, err := strconv.ParseInt(string(bytes.TrimSpace(size)), 16, 64)
		if err != nil || n < 0 {
			return fmt.Errorf("%w: chunk size %q", errBadReply, line)
		}
		if n == 0 {
			// Trailers, then the empty line.
			for {
				t, err := readLine(r)
				if err != nil {
					return err
				}
				if len(t) == 0 {
					return nil
				}
			}
		}
		if _, err := r.Discard(int(n)); err != nil {
			return err
		}
		if crlf, err := readLine(r); err != nil || len(crlf) != 0 {
			return errBadReply
		}
	}
}

// readLine returns one line without its CRLF; the slice is r's buffer,
// valid until the next read.
func readLine(r *bufio.Reader) ([]byte, error) {
	line, err := r.ReadSlice('\n')
	if err != nil {
		if errors.Is(err, bufio.ErrBufferFull) {
			return nil, errBadReply
		}
		return nil, err
	}
	return bytes.TrimRight(line, "\r\n"), nil
}
