// Package rulesref is bosun's rules reference: the four rulebooks parsed
// into sections with stable ids, the official errata and Q&A linked to the
// sections they amend, a glossary, and a BM25 search that understands
// table talk.
//
//	rs := rulesref.Search("max dice in a sword fight", rulesref.SearchOptions{Limit: 3})
//	fmt.Println(rs[0].ID) // misty-waters/step-4b-boarding-battle
//	fmt.Println(rulesref.Cite("misty-waters/step-4b-boarding-battle"))
//
// Game code cites sections by id; rulesref.Exists and rulesref.AllIDs let
// a test check every cited id. See docs/rules-search.md.
package rulesref
