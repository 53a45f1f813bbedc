import { useMemo } from "react";
import type { WheelSector } from "../../../core/api/contract-wheel";
import { arcsOf, pointAt, slicePath } from "./geometry";

const SIZE = 320;
const C = SIZE / 2;
const R = C - 8;

/** A label short enough for its slice. */
const short = (text: string) => (text.length > 16 ? `${text.slice(0, 15)}…` : text);

/**
 * The wheel (issue 21): one slice per sector, its arc proportional to its published chance, its
 * prize written along the radius, and a fixed pointer at the top. The sector group turns by
 * `rotation` degrees with a CSS transition (wheel.css; none under prefers-reduced-motion), so the
 * page lands it on the sector the server drew; `onTurned` reports the transition's end.
 */
export function WheelSvg({ sectors, rotation, turning, onTurned }: { sectors: WheelSector[]; rotation: number; turning: boolean; onTurned?: () => void }) {
  const arcs = useMemo(() => arcsOf(sectors.map((s) => s.chance_ppm)), [sectors]);
  return (
    <svg className="wheel__svg" viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-labelledby="wheel-svg-title" data-testid="wheel-svg" data-rotation={rotation}>
      <title id="wheel-svg-title">{sectors.map((s) => s.reward.title).join(", ")}</title>
      <circle cx={C} cy={C} r={R + 6} className="wheel__rim" />
      <g
        className={turning ? "wheel__sectors wheel__sectors--turning" : "wheel__sectors"}
        style={{ transform: `rotate(${rotation}deg)` }}
        onTransitionEnd={(e) => e.target === e.currentTarget && onTurned?.()}
      >
        {sectors.map((s, i) => {
          const arc = arcs[i]!;
          const [x, y] = pointAt(C, R * 0.62, arc.mid);
          const angle = arc.mid - 90;
          return (
            <g key={s.id} data-sector={i}>
              <path d={slicePath(C, R, arc)} fill={s.color} className="wheel__slice" />
              {arc.end - arc.start >= 6 && (
                <text x={x} y={y} className="wheel__label" transform={`rotate(${angle} ${x} ${y})`} textAnchor="middle" dominantBaseline="middle">
                  {short(s.reward.title)}
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
