// Package mailtest is a mail server on loopback for tests: it speaks just
// enough SMTP, without TLS or authentication, to accept every message on
// as many connections as come, and keeps each one.
package mailtest

import (
	"bufio"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"
)

// Server is a running mail server. It is safe for concurrent use.
type Server struct {
	// Addr is its host:port.
	Addr string

	mu  sync.Mutex
	got []Received // guarded by mu
}

// Received is one accepted message.
type Received struct {
	// Commands are the client's commands of the message's session, up to
	// its DATA.
	Commands []string
	// Rcpt are the envelope's recipients.
	Rcpt []string
	// Raw is the message as sent: CRLF lines, dots unstuffed.
	Raw string
}

// NewServer starts a server that stops when the test ends.
func NewServer(t testing.TB) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("mailtest: listen: %v", err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	s := &Server{Addr: ln.Addr().String()}
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(conn)
		}
	}()
	return s
}

func (s *Server) serve(conn net.Conn) {
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(time.Minute))
	r := bufio.NewReader(conn)
	write := func(line string) { _, _ = conn.Write([]byte(line + "\r\n")) }
	write("220 mailtest ESMTP")
	var msg Received
	var data strings.Builder
	inData := false
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		if inData {
			if line == "." {
				inData = false
				msg.Raw = data.String()
				s.mu.Lock()
				s.got = append(s.got, msg)
				s.mu.Unlock()
				msg, data = Received{}, strings.Builder{}
				write("250 queued")
				continue
			}
			data.WriteString(strings.TrimPrefix(line, ".") + "\r\n")
			continue
		}
		msg.Commands = append(msg.Commands, line)
		switch strings.ToUpper(strings.SplitN(line, " ", 2)[0]) {
		case "EHLO", "HELO":
			write("250 mailtest")
		case "RCPT":
			if _, addr, found := strings.Cut(line, ":"); found {
				msg.Rcpt = append(msg.Rcpt, strings.Trim(strings.TrimSpace(addr), "<>"))
			}
			write("250 ok")
		case "DATA":
			inData = true
			write("354 go on")
		case "QUIT":
			write("221 bye")
			return
		default:
			write("250 ok")
		}
	}
}

// Received returns every accepted message, oldest first.
func (s *Server) Received() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.got...)
}

// To returns the accepted messages addr is a recipient of.
func (s *Server) To(addr string) []Received {
	var out []Received
	for _, r := range s.Received() {
		for _, to := range r.Rcpt {
			if strings.EqualFold(to, addr) {
				out = append(out, r)
				break
			}
		}
	}
	return out
}

// Message parses the message.
func (r Received) Message() (*mail.Message, error) {
	return mail.ReadMessage(strings.NewReader(r.Raw))
}

// Bodies returns the message's decoded text/plain and text/html bodies,
// whether it has one body or is multipart, and its decoded subject.
func (r Received) Bodies() (subject, text, html string, err error) {
	msg, err := r.Message()
	if err != nil {
		return "", "", "", err
	}
	if subject, err = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject")); err != nil {
		return "", "", "", err
	}
	bodies := map[string]string{}
	mediaType, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		return "", "", "", err
	}
	if !strings.HasPrefix(mediaType, "multipart/") {
		body, err := io.ReadAll(decoded(msg.Body, msg.Header.Get("Content-Transfer-Encoding")))
		if err != nil {
			return "", "", "", err
		}
		bodies[mediaType] = string(body)
		return subject, bodies["text/plain"], bodies["text/html"], nil
	}
	parts := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := parts.NextPart() // decodes quoted-printable parts itself
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", "", "", err
		}
		body, err := io.ReadAll(p)
		if err != nil {
			return "", "", "", err
		}
		partType, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		bodies[partType] = string(body)
	}
	return subject, bodies["text/plain"], bodies["text/html"], nil
}

func decoded(body io.Reader, encoding string) io.Reader {
	if strings.EqualFold(encoding, "quoted-printable") {
		return quotedprintable.NewReader(body)
	}
	return body
}
