import { useMemo } from "react";
import type { WheelSector } from "../../../core/api/contract-wheel";
import { arcsOf, labelAngle, pointAt, sliceLabel, slicePath } from "./geometry";

const SIZE = 320;
const C = SIZE / 2;
const R = C - 8;
/** Lights around the rim, as on a wheel on a casino floor. */
const BULBS = Array.from({ length: 24 }, (_, n) => pointAt(C, R + 3, n * 15));

/**
 * The wheel (issue 21): one slice per sector, its arc proportional to its published chance, its
 * prize written along the radius on up to two lines, upright where the wheel rests (labelAngle),
 * bulbs around the rim, and a fixed pointer at the top. The sector group turns by
 * `rotation` degrees with a CSS transition (wheel.css; none under prefers-reduced-motion), so the
 * page lands it on the sector the server drew; `onTurned` reports the transition's end.
 */
export function WheelSvg({ sectors, rotation, turning, onTurned }: { sectors: WheelSector[]; rotation: number; turning: boolean; onTurned?: () => void }) {
  const arcs = useMemo(() => arcsOf(sectors.map((s) => s.chance_ppm)), [sectors]);
  return (
    <svg className="wheel__svg" viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-labelledby="wheel-svg-title" data-testid="wheel-svg" data-rotation={rotation}>
      <title id="wheel-svg-title">{sectors.map((s) => s.reward.title).join(", ")}</title>
      <circle cx={C} cy={C} r={R + 6} className="wheel__rim" />
      {BULBS.map(([x, y], n) => (
        <circle key={`${x} ${y}`} cx={x} cy={y} r={2.6} className={n % 2 ? "wheel__bulb wheel__bulb--alt" : "wheel__bulb"} />
      ))}
      <g
        className={turning ? "wheel__sectors wheel__sectors--turning" : "wheel__sectors"}
        style={{ transform: `rotate(${rotation}deg)` }}
        onTransitionEnd={(e) => e.target === e.currentTarget && onTurned?.()}
      >
        {sectors.map((s, i) => {
          const arc = arcs[i]!;
          const [x, y] = pointAt(C, R * 0.6, arc.mid);
          const lines = sliceLabel(s.reward.title, arc.end - arc.start);
          return (
            <g key={s.id} data-sector={i}>
              <path d={slicePath(C, R, arc)} fill={s.color} className="wheel__slice" />
              {lines.length > 0 && (
                <text
                  x={x}
                  y={y}
                  className="wheel__label"
                  transform={`rotate(${labelAngle(arc.mid, rotation)} ${x} ${y})`}
                  textAnchor="middle"
                  dominantBaseline="middle"
                >
                  <tspan x={x} dy={lines.length === 2 ? "-0.55em" : "0"}>
                    {lines[0]}
                  </tspan>
                  {lines[1] !== undefined && (
                    <tspan x={x} dy="1.1em">
                      {lines[1]}
                    </tspan>
                  )}
                </text>
              )}
            </g>
          );
        })}
      </g>
      <circle cx={C} cy={C} r={18} className="wheel__hub" />
      <path d={`M ${C - 12} 2 L ${C + 12} 2 L ${C} 30 Z`} className="wheel__pointer" />
    </svg>
  );
}
