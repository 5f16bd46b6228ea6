// Package store keeps bosun's sessions on disk: it is the referee's disk
// side, apart from the engine (package referee) so that a game author
// never reads it. It holds:
//
//   - Store: sessions under Dir/sessions, each a save file written
//     atomically and, from schema 4 on, two append-only side files beside
//     it, NAME.log (one event a line) and NAME.undo (the undo snapshots, a
//     stack linked backwards, each answers cursor a delta against the next
//     one's). Lock keeps a second writer off a session; OpenForWrite and
//     Create return a Handle that holds the lock until Close, the one way
//     a command opens a session to change it. Load reads only the save and
//     attaches a History that reads the log file when the engine looks
//     back and one undo snapshot when undo pops it; LoadHead and List read
//     less still. Saves of schemas 1 to 3 are read and written back as 4.
//   - Validation: a save is a file a person can edit, so every count,
//     index and position in it and its side files is checked before use;
//     a save that disagrees with its files is ErrCorrupt and left as it is.
//     The save keeps a crc32 of each side file's recorded bytes, updated
//     as a step appends and checked when a file is read or mapped; a
//     failed save puts the side files back byte for byte; Salvage copies
//     what can be trusted of a refused session into a new one.
//   - SaveStep: the transaction of a step that remembered board values,
//     the save and the tables overlay written both or neither; the overlay
//     file itself is read and written here too (LoadTables, FlushTables).
//   - Export, BriefEvents and WithBriefEvents: `bosun export` and `bosun
//     log` on a long game, which map the side files read-only (a file cut
//     short under the mapping is an error, not a crash) and scan their
//     lines with a hand-written JSON scanner and event decoder, tested
//     equal to encoding/json.
//
// The file primitives (atomic write, lock, regular-file reads, mapping)
// are its subpackage fsutil.
//
//	st := &store.Store{Dir: dataDir}
//	h, err := st.OpenForWrite("tuesday")
//	if err != nil {
//		return err
//	}
//	defer h.Close()
//	if _, err := referee.Next(g, h.Session, env); err != nil {
//		return err
//	}
//	return h.SaveStep(env.Tables)
package store
