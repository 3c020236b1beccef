import { useId } from 'react';

export interface ChartBar {
  key: string;
  /** Under the bar (shortened when there are many). */
  label: string;
  value: number;
  /** What a screen reader announces for the bar, e.g. "21 Nov: NPR 5,400, 2 bookings". */
  description: string;
}

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 16, right: 12, bottom: 48, left: 72 };

/**
 * A bar chart drawn as SVG (no chart library): one bar per group, a value axis with four grid
 * lines. Each bar is an image with its own accessible name, and the chart has a title; the table
 * beside it carries the same figures.
 */
export function SalesChart(props: {
  title: string;
  bars: ChartBar[];
  formatValue: (value: number) => string;
}) {
  const titleId = useId();
  const { bars } = props;
  const max = niceCeiling(Math.max(0, ...bars.map((bar) => bar.value)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = plotWidth / Math.max(1, bars.length);
  const barWidth = Math.max(1, Math.min(48, step * 0.7));
  const labelEvery = Math.ceil(bars.length / 12);
  const ticks = max > 1 ? [0, 0.25, 0.5, 0.75, 1] : [0, 1];
  const xOf = (index: number) => PAD.left + index * step + (step - barWidth) / 2;

  return (
    <figure className="mt-4">
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG chart groups its bars with role="group" */}
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-4xl text-slate-600 dark:text-slate-300"
        role="group"
        aria-labelledby={titleId}
      >
        <title id={titleId}>{props.title}</title>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: SVG lines and text are not focusable; the axis repeats the bars' names */}
        <g aria-hidden="true">
          {ticks.map((fraction) => {
            const y = PAD.top + plotHeight - fraction * plotHeight;
            return (
              <g key={fraction}>
                <line
                  x1={PAD.left}
                  x2={WIDTH - PAD.right}
                  y1={y}
                  y2={y}
                  stroke="currentColor"
                  strokeOpacity={0.2}
                />
                <text x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize={11} fill="currentColor">
                  {props.formatValue(Math.round(max * fraction))}
                </text>
              </g>
            );
          })}
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={PAD.top + plotHeight}
            y2={PAD.top + plotHeight}
            stroke="currentColor"
          />
          {bars.map((bar, index) =>
            index % labelEvery === 0 ? (
              <text
                key={bar.key}
                x={xOf(index) + barWidth / 2}
                y={HEIGHT - PAD.bottom + 14}
                textAnchor="middle"
                fontSize={10}
                fill="currentColor"
              >
                {bar.label.length > 14 ? `${bar.label.slice(0, 13)}…` : bar.label}
              </text>
            ) : null,
          )}
        </g>
        {bars.map((bar, index) => {
          // A negative figure (net sales of a day of refunds) draws no bar; its label says it.
          const height = (Math.max(0, bar.value) / max) * plotHeight;
          return (
            // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG group is not interactive; each bar is an image named by its figures
            <g key={bar.key} role="img" aria-label={bar.description}>
              <title>{bar.description}</title>
              <rect
                x={xOf(index)}
                y={PAD.top + plotHeight - height}
                width={barWidth}
                height={Math.max(height, bar.value > 0 ? 1 : 0)}
                fill="var(--brand-primary)"
                rx={2}
              />
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ at least `value` (at least 1), so the axis reads in round numbers. */
function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((f) => f * power >= value) ?? 10;
  return step * power;
}
