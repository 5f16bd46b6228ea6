package procedure

import (
	"github.com/bosun-referee/bosun/referee"
)

// boardValue returns a board value of one of the procedure's tables
// (mwp-*): the value remembered in the tables, else the table's answer to
// q, asked once (referee.AskText). Every value is checked before it is
// used and an answer before it is remembered, so a bad answer is refused
// (exit 2) naming what is accepted and never lands in the user's
// tables.yaml; a bad value already there is reported with the row to
// correct.
func (r *step) boardValue(table, key string, q referee.Question, check func(string) error) (string, error) {
	return referee.AskText(r.env.Tables, r.env.Prompt, table, key, q, check)
}

// boardInt is boardValue for a whole number from q.Min to q.Max.
func (r *step) boardInt(table, key string, q referee.Question) (int, error) {
	return referee.AskInt(r.env.Tables, r.env.Prompt, table, key, q)
}

// overboardAccepted is the format of an Overboard removal.
const overboardAccepted = "0 (no removal), 'N crew' (Sailors or Officers), 'N cannons', or both as 'N crew, N cannons', N from 1 to 5"
