/** Minutes as people read them: "45 min", "3 h 20 min", "30 days". */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${String(minutes)} min`;
  if (minutes < 24 * 60) {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest === 0 ? `${String(hours)} h` : `${String(hours)} h ${String(rest)} min`;
  }
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const dayText = `${String(days)} ${days === 1 ? 'day' : 'days'}`;
  return hours === 0 ? dayText : `${dayText} ${String(hours)} h`;
}
