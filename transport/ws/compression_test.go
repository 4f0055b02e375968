package ws

import (
	"strings"
	"testing"
	"time"

	"github.com/gobwas/httphead"
	gws "github.com/gobwas/ws"
	"github.com/gobwas/ws/wsflate"
)

func TestCompressionNegotiated(t *testing.T) {
	t.Parallel()
	for _, mode := range readModes {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			s := newTestServer(t, Config{Compression: true, DisablePoller: mode.disablePoller})
			ext := wsflate.Extension{Parameters: wsflate.Parameters{
				ServerNoContextTakeover: true,
				ClientNoContextTakeover: true,
			}}
			c := dialWith(t, s.wsURL, gws.Dialer{
				Extensions: []httphead.Option{ext.Parameters.Option()},
			})
			accepted := false
			for _, x := range c.hs.Extensions {
				accepted = accepted || string(x.Name) == wsflate.ExtensionName
			}
			if !accepted {
				t.Fatal("permessage-deflate not negotiated")
			}
			long := strings.Repeat("compressible ", 200)
			in, _ := Encode("echo", long)
			frame, err := wsflate.CompressFrame(gws.NewTextFrame(in))
			if err != nil {
				t.Fatal(err)
			}
			if err := gws.WriteFrame(c.conn, gws.MaskFrameInPlace(frame)); err != nil {
				t.Fatal(err)
			}
			_ = c.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
			got, err := gws.ReadFrame(c.conn)
			if err != nil {
				t.Fatal(err)
			}
			if !got.Header.Rsv1() || int(got.Header.Length) >= len(in) {
				t.Fatalf(
					"echo not compressed: rsv1 %v, %d bytes for %d: %q",
					got.Header.Rsv1(), got.Header.Length, len(in), got.Payload)
			}
			plain, err := wsflate.DecompressFrame(got)
			if err != nil {
				t.Fatal(err)
			}
			if string(plain.Payload) != string(in) {
				t.Fatalf(
					"echo: %.60s",
					plain.Payload)
			}
		})
	}
}
