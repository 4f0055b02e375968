package bench

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

var (
	p50Color   = color.RGBA{R: 0x2b, G: 0x8c, B: 0xbe, A: 0xff}
	p95Color   = color.RGBA{R: 0xf0, G: 0xa3, B: 0x0a, A: 0xff}
	p99Color   = color.RGBA{R: 0xd7, G: 0x30, B: 0x1f, A: 0xff}
	rateColor  = color.RGBA{R: 0x33, G: 0x33, B: 0x33, A: 0xff}
	eventColor = color.RGBA{R: 0x88, G: 0x88, B: 0x88, A: 0xff}
)

// writeSVG plots the run over time: latency percentiles on top (when the
// scenario measures latency), throughput below, events as dashed lines.
func (r *Report) writeSVG(path string) error {
	if len(r.Buckets) < 2 {
		return nil
	}
	rateName := "deliveries/s"
	xs := func(f func(Bucket) float64) plotter.XYs {
		out := make(plotter.XYs, len(r.Buckets))
		for i, b := range r.Buckets {
			out[i] = plotter.XY{X: b.TS, Y: f(b)}
		}
		return out
	}
	var rate plotter.XYs
	switch {
	case r.DeliveriesPerS > 0:
		rate = xs(func(b Bucket) float64 { return b.DeliveriesPerS })
	case r.OpsPerS > 0:
		rate, rateName = xs(func(b Bucket) float64 { return b.OpsPerS }), "wallet operations/s"
	case r.RequestsPerS > 0:
		rate, rateName = xs(func(b Bucket) float64 { return b.RequestsPerS }), "requests/s"
	default:
		rate, rateName = xs(func(b Bucket) float64 { return float64(b.Connections) }), "connections open"
	}
	title := fmt.Sprintf("souk bench %s (%s, %d cores)", r.Scenario, r.Version, r.Cores)
	var rows [][]*plot.Plot
	if slices.ContainsFunc(r.Buckets, func(b Bucket) bool { return b.LatencyMs.P99 > 0 }) {
		top := plot.New()
		top.Title.Text = title
		top.Y.Label.Text = "latency ms"
		top.Legend.Top = true
		for _, s := range []struct {
			name string
			c    color.Color
			f    func(Bucket) float64
		}{
			{"p50", p50Color, func(b Bucket) float64 { return b.LatencyMs.P50 }},
			{"p95", p95Color, func(b Bucket) float64 { return b.LatencyMs.P95 }},
			{"p99", p99Color, func(b Bucket) float64 { return b.LatencyMs.P99 }},
		} {
			if err := addLine(top, s.name, xs(s.f), s.c); err != nil {
				return err
			}
		}
		rows = append(rows, []*plot.Plot{top})
		title = ""
	}
	bottom := plot.New()
	bottom.Title.Text = title
	bottom.X.Label.Text = "seconds"
	bottom.Y.Label.Text = rateName
	bottom.Y.Min = 0
	if err := addLine(bottom, rateName, rate, rateColor); err != nil {
		return err
	}
	rows = append(rows, []*plot.Plot{bottom})
	for _, row := range rows {
		if err := addEvents(row[0], r.Events); err != nil {
			return err
		}
	}

	img := vgsvg.New(10*vg.Inch, vg.Length(3.5*float64(len(rows)))*vg.Inch)
	canvases := plot.Align(rows, draw.Tiles{Rows: len(rows), Cols: 1, PadY: 4 * vg.Millimeter,
		PadTop: 2 * vg.Millimeter, PadBottom: 2 * vg.Millimeter, PadLeft: 2 * vg.Millimeter, PadRight: 4 * vg.Millimeter},
		draw.New(img))
	for i := range rows {
		rows[i][0].Draw(canvases[i][0])
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := img.WriteTo(f); err != nil {
		_ = f.Close()
		return fmt.Errorf("plot %s: %w", path, err)
	}
	return f.Close()
}

func addLine(p *plot.Plot, name string, xys plotter.XYs, c color.Color) error {
	l, err := plotter.NewLine(xys)
	if err != nil {
		return fmt.Errorf("plot %s: %w", name, err)
	}
	l.Color, l.Width = c, vg.Points(1.5)
	p.Add(l)
	p.Legend.Add(name, l)
	return nil
}

// addEvents draws each event as a dashed vertical line with its label.
func addEvents(p *plot.Plot, events []Event) error {
	if len(events) == 0 {
		return nil
	}
	top := p.Y.Max
	labels := plotter.XYLabels{}
	for _, ev := range events {
		l, err := plotter.NewLine(plotter.XYs{{X: ev.TS, Y: 0}, {X: ev.TS, Y: top}})
		if err != nil {
			return err
		}
		l.Color, l.Dashes = eventColor, []vg.Length{vg.Points(4), vg.Points(3)}
		p.Add(l)
		labels.XYs = append(labels.XYs, plotter.XY{X: ev.TS, Y: top})
		labels.Labels = append(labels.Labels, " "+ev.What)
	}
	lab, err := plotter.NewLabels(labels)
	if err != nil {
		return err
	}
	p.Add(lab)
	return nil
}
