//! SVG plots of a [`Results`] (plotters, SVG backend only: text is written as SVG `<text>`,
//! so no font files or system libraries are needed):
//! - `speed.svg`: speed-up over the baseline per benchmark and target (log scale), whiskers
//!   from the slowest to the fastest measured run;
//! - `warmup.svg`: one panel per benchmark, median time of each iteration inside a process,
//!   one line per target: the warm-up curve.

use std::path::Path;

use plotters::prelude::*;

use crate::report;
use crate::results::Results;

const PALETTE: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

/// The colour of the `i`-th target (the same in every plot).
pub fn color(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

fn err<E: std::fmt::Display>(e: E) -> String {
    format!("plot: {e}")
}

/// Draws `speed.svg`.
pub fn speed(r: &Results, path: &Path) -> Result<(), String> {
    let others: Vec<(usize, &str)> =
        r.targets.iter().enumerate().filter(|(_, t)| t.name != r.baseline).map(|(i, t)| (i, t.name.as_str())).collect();
    let n = r.benchmarks.len().max(1);
    // (bench index, slot, median, fastest, slowest) as speed-ups
    let mut bars: Vec<(usize, usize, f64, f64, f64)> = Vec::new();
    for (bi, b) in r.benchmarks.iter().enumerate() {
        let Some(base) = report::cell(r, &b.name, &r.baseline) else { continue };
        for (slot, (_, t)) in others.iter().enumerate() {
            if let Some(c) = report::cell(r, &b.name, t) {
                let m = base.wall.median;
                bars.push((bi, slot, m / c.wall.median, m / c.wall.max, m / c.wall.min));
            }
        }
    }
    let lo = bars.iter().map(|b| b.3).fold(1.0f64, f64::min) / 1.4;
    let hi = bars.iter().map(|b| b.4).fold(1.0f64, f64::max) * 1.4;
    let width = (140 + n * (16 + 12 * others.len().max(1))).clamp(640, 2400) as u32;
    let root = SVGBackend::new(path, (width, 560)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let names: Vec<String> = r.benchmarks.iter().map(|b| b.name.clone()).collect();
    let label = move |x: &f64| -> String {
        let i = x.round();
        if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < names.len() {
            names[i as usize].clone()
        } else {
            String::new()
        }
    };
    let mut chart = ChartBuilder::on(&root)
        .caption(format!("Speed-up over {} (whole process, median; > 1 is faster)", r.baseline), ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(120)
        .y_label_area_size(60)
        .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), (lo..hi).log_scale())
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(n)
        .x_label_formatter(&label)
        .x_label_style(("sans-serif", 13).into_font().transform(FontTransform::Rotate90))
        .y_desc(format!("{} time / target time", r.baseline))
        .y_labels(12)
        .y_label_formatter(&|y| format!("{}", (y * 100.0).round() / 100.0))
        .draw()
        .map_err(err)?;
    chart.draw_series(LineSeries::new([(-0.5, 1.0), (n as f64 - 0.5, 1.0)], BLACK.stroke_width(1))).map_err(err)?;
    let group = 0.8;
    let w = group / others.len().max(1) as f64;
    for (slot, (ti, name)) in others.iter().enumerate() {
        let c = color(*ti);
        let mine: Vec<_> = bars.iter().filter(|b| b.1 == slot).collect();
        let x0 = |bi: usize| bi as f64 - group / 2.0 + slot as f64 * w;
        chart
            .draw_series(mine.iter().map(|b| Rectangle::new([(x0(b.0), 1.0), (x0(b.0) + w * 0.9, b.2)], c.filled())))
            .map_err(err)?
            .label(*name)
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], c.filled()));
        chart
            .draw_series(mine.iter().map(|b| {
                let xm = x0(b.0) + w * 0.45;
                PathElement::new(vec![(xm, b.3), (xm, b.4)], BLACK.stroke_width(1))
            }))
            .map_err(err)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 14))
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}

/// Draws `warmup.svg`.
pub fn warmup(r: &Results, path: &Path) -> Result<(), String> {
    let n = r.benchmarks.len().max(1);
    let cols = n.min(4);
    let rows = n.div_ceil(cols);
    let (pw, ph) = (330u32, 230u32);
    let root = SVGBackend::new(path, (pw * cols as u32, ph * rows as u32 + 70)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let (top, grid) = root.split_vertically(70);
    top.draw(&Text::new(
        "Warm-up: median time of each iteration inside one process (s)",
        (12, 8),
        ("sans-serif", 20).into_font(),
    ))
    .map_err(err)?;
    let mut x = 12i32;
    for (i, t) in r.targets.iter().enumerate() {
        top.draw(&Rectangle::new([(x, 42), (x + 14, 54)], color(i).filled())).map_err(err)?;
        top.draw(&Text::new(t.name.clone(), (x + 18, 40), ("sans-serif", 15).into_font())).map_err(err)?;
        x += 40 + 9 * t.name.len() as i32;
    }
    let panels = grid.split_evenly((rows, cols));
    for (b, area) in r.benchmarks.iter().zip(panels.iter()) {
        let curves: Vec<(usize, Vec<f64>)> = r
            .targets
            .iter()
            .enumerate()
            .filter_map(|(i, t)| report::cell(r, &b.name, &t.name).map(|c| (i, c.curve)))
            .filter(|(_, c)| !c.is_empty())
            .collect();
        let k = curves.iter().map(|(_, c)| c.len()).max().unwrap_or(1).max(1);
        let ymax = curves.iter().flat_map(|(_, c)| c.iter().copied()).fold(0.0f64, f64::max).max(1e-6) * 1.1;
        let mut chart = ChartBuilder::on(area)
            .caption(&b.name, ("sans-serif", 15))
            .margin(8)
            .x_label_area_size(24)
            .y_label_area_size(48)
            .build_cartesian_2d(0.5f64..(k as f64 + 0.5), 0f64..ymax)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_labels(k.min(10))
            .y_labels(5)
            .x_label_formatter(&|v| format!("{v:.0}"))
            .y_label_formatter(&|v| report::fmt_secs(*v))
            .label_style(("sans-serif", 11))
            .draw()
            .map_err(err)?;
        for (i, curve) in &curves {
            let c = color(*i);
            let pts: Vec<(f64, f64)> = curve.iter().enumerate().map(|(j, v)| ((j + 1) as f64, *v)).collect();
            chart.draw_series(LineSeries::new(pts.clone(), c.stroke_width(2))).map_err(err)?;
            chart.draw_series(pts.iter().map(|p| Circle::new(*p, 3, c.filled()))).map_err(err)?;
        }
    }
    root.present().map_err(err)
}

/// Draws both plots into `dir`.
pub fn all(r: &Results, dir: &Path) -> Result<(), String> {
    speed(r, &dir.join("speed.svg"))?;
    warmup(r, &dir.join("warmup.svg"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_svgs_from_a_fixed_sample_set() {
        let r = crate::report::tests::fixture();
        let dir = std::env::temp_dir().join(format!("tracelift-bench-plot-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        all(&r, &dir).unwrap();
        let speed = std::fs::read_to_string(dir.join("speed.svg")).unwrap();
        assert!(speed.starts_with("<svg") && speed.contains("alpha") && speed.contains("tier1"));
        let warm = std::fs::read_to_string(dir.join("warmup.svg")).unwrap();
        assert!(warm.contains("beta") && warm.contains("python3"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn copes_with_no_samples() {
        let mut r = crate::report::tests::fixture();
        r.samples.clear();
        let dir = std::env::temp_dir().join(format!("tracelift-bench-plot-empty-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        all(&r, &dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
