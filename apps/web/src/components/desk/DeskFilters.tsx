// The desk's filters: game, event, words, order, "worth a look" only, and the view when the token has several.
import { GameFilter } from '../GameFilter';
import { DESK_SORTS, type DeskFilter, type DeskSort } from '../../lib/desk';
import type { Perspective } from '../../lib/viewer';

export function DeskFilters({
  filter,
  set,
  views,
  as,
  setAs,
}: {
  filter: DeskFilter;
  set(patch: Partial<DeskFilter>): void;
  /** The views the token may take ("public", "coverage"…): a choice only when there are two or more. */
  views: readonly Perspective[];
  as: Perspective;
  setAs(as: Perspective): void;
}) {
  return (
    <div className="filters desk-filters">
      <GameFilter value={filter.game} onChange={(game) => set({ game })} />
      <label>
        <span>Event</span>
        <input
          type="text"
          value={filter.event}
          placeholder="event id"
          onChange={(e) => set({ event: e.target.value.trim() })}
          size={10}
        />
      </label>
      <label>
        <span>Find</span>
        <input
          type="search"
          value={filter.text}
          placeholder="player, game…"
          onChange={(e) => set({ text: e.target.value })}
          size={14}
        />
      </label>
      <label>
        <span>Order</span>
        <select value={filter.sort} onChange={(e) => set({ sort: e.target.value as DeskSort })}>
          {DESK_SORTS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label className="desk-check">
        <input
          type="checkbox"
          checked={filter.featured}
          onChange={(e) => set({ featured: e.target.checked })}
        />
        <span title="Featured by its event, a player near defeat, or a close game">Worth a look only</span>
      </label>
      {views.length > 1 && (
        <label>
          <span>View</span>
          <select value={as} onChange={(e) => setAs(e.target.value as Perspective)}>
            {views.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
