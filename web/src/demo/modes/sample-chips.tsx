// "Try:" and a row of examples that fill in a form and run it: the start panel's sample searches,
// the find-car panel's sample plates. Nothing is shown when there is no example.
export function SampleChips({
  label,
  samples,
  onPick,
}: {
  label: string;
  samples: string[];
  onPick: (sample: string) => void;
}) {
  if (!samples.length) return null;
  return (
    <p className="demo-chips">
      <span>{label}</span>
      {samples.map((sample) => (
        <button key={sample} type="button" className="demo-chip" onClick={() => onPick(sample)}>
          {sample}
        </button>
      ))}
    </p>
  );
}
