import { useEffect, useState } from "react";

function secondsUntil(deadline: string | null): number {
  if (!deadline) return 0;
  return Math.max(0, Math.ceil((Date.parse(deadline) - Date.now()) / 1000));
}

/** Seconds left until an ISO deadline, ticking every second, 0 once passed (or without one). */
export function useRemainingSeconds(deadline: string | null): number {
  const [remaining, setRemaining] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    setRemaining(secondsUntil(deadline));
    if (!deadline) return;
    const timer = setInterval(() => {
      const left = secondsUntil(deadline);
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return remaining;
}

export function formatMinutesSeconds(total: number): string {
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}
