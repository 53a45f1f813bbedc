import { useEffect, useRef, useState } from "react";
import type { Money } from "../../../core/api/entities";
import { formatMoney } from "../../../core/money";
import { countUpAt, widestAmount } from "./count-up";

/** How long a counter takes from one pushed amount to the next. */
export const COUNT_UP_MS = 1600;

/**
 * A jackpot amount that counts up (or down) smoothly to each new value it is given, as casino
 * lobbies show them. The server renders the real amount; the browser animates only between
 * values it was given (no invented growth), and not at all under prefers-reduced-motion. The
 * box is as wide as the widest text of the count (a hidden ::after twin in the same grid cell,
 * from data-widest; tabular digits in the CSS: not in the text, not read out), so counting never shifts the layout.
 */
export function AnimatedMoney({ money }: { money: Money }) {
  const [shown, setShown] = useState(money.amount);
  const [from, setFrom] = useState(money.amount);
  const current = useRef(money.amount);

  useEffect(() => {
    const start = current.current;
    const to = money.amount;
    if (start === to) return;
    setFrom(start);
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) {
      current.current = to;
      setShown(to);
      return;
    }
    const began = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const value = countUpAt(start, to, now - began, COUNT_UP_MS);
      current.current = value;
      setShown(value);
      if (value !== to) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [money.amount]);

  return (
    <span className="count-up" data-widest={formatMoney({ amount: widestAmount(from, money.amount), currency: money.currency })}>
      <span className="count-up__value">{formatMoney({ amount: shown, currency: money.currency })}</span>
    </span>
  );
}
