package split

import (
	"strings"
	"testing"
)

// TestEditNotes holds the split-v2 cases: short lead-ins and trailing
// notes about the edit in ten languages, and the document notes, footers
// and entries that look like them but are body (gold README "Parts").
func TestEditNotes(t *testing.T) {
	script := "```bash\n⟦#!/usr/bin/env bash\nset -euo pipefail\nif [ -z \"${TOKEN:-}\" ]; then\n  read -r -p \"Token: \" TOKEN\nfi\ncurl -fsS -H \"Authorization: Bearer $TOKEN\" https://example.test/api/ping\necho \"ok\"⟧\n```"
	tests := []struct{ name, reply string }{
		// preface: short lead-ins about the edit
		{"bare verb colon lead-in", "Kept the wording neutral:\n\n⟦Hi Omar, I can't make Friday's dinner after all. Can we do next week instead?⟧"},
		{"dropped lead-in before a document", "Dropped the line about the layoffs:\n\n⟦## Q3 update\n\nRevenue rose 4% and churn fell.⟧"},
		{"gone now lead-in", "That part's gone now:\n\n⟦Reminder: the library closes at 6 pm on Fridays from next month.⟧"},
		{"ru verb-first lead-in", "Убрала номер телефона. Вот текст:\n\n⟦Всем привет! Встреча переносится на пятницу, 10:00.⟧"},
		{"ja note before a mail", "電話番号は削除しました。\n\n⟦件名：会議の件\n\n山田様\n\n会議は金曜日の十時からです。\n\n佐藤⟧"},
		// afterword: trailing notes about the edit
		{"ko note", "⟦금요일 회의는 10시에 시작합니다.\n\n모두 참석 부탁드립니다.⟧\n\n말씀하신 대로 이름은 뺐습니다."},
		{"zh note after a list", "⟦## 周末计划\n\n- 周六：爬山\n- 周日：看电影⟧\n\n已经按你的要求去掉了聚餐。"},
		{"zh ba construction", "⟦周五下午三点在三楼会议室开会，请准时参加。\n\n会议大约一小时。⟧\n\n我把电话号码删掉了。"},
		{"pt note", "⟦A reunião foi adiada para segunda-feira às 10h.\n\nTragam os relatórios.⟧\n\nJá retirei o nome do cliente."},
		{"es note", "⟦La reunión es el lunes a las diez.\n\nTraigan sus portátiles.⟧\n\nQuité la parte del presupuesto."},
		{"it note", "⟦La riunione è spostata a lunedì.\n\nPortate i report.⟧\n\nHo tolto il nome del cliente."},
		{"de verb-second note", "⟦Das Treffen ist am Montag um zehn.\n\nBitte bringt die Berichte mit.⟧\n\nDie Adresse habe ich wie gewünscht entfernt."},
		{"fr note mid-line", "⟦La réunion aura lieu lundi.\n\nApportez vos rapports.⟧\n\nComme demandé, j'ai retiré le nom du client."},
		{"first person mid-line with now", "⟦| Time | Session |\n|---|---|\n| 09:00 | Kick-off |\n| 13:00 | Lunch |⟧\n\nThe day now starts at nine, and I moved the lunch break to one."},
		{"past passive note", "⟦- Milk\n- Eggs\n- Bread⟧\n\nThe wine was removed from the list."},
		{"changes in this version", "⟦## Packing list\n\n- Tent\n- Stove⟧\n\nChanges in this version:\n- Removed the items we agreed to skip.\n- Fixed the order."},
		{"run fence after a script is afterword", script + "\n\nI took the hard-coded token out; the script asks for it. Run it with:\n\n```bash\nbash ping.sh\n```"},
		{"table comment to the user", "Here's the budget:\n\n⟦| Item | EUR |\n|---|---:|\n| Rent | 900 |\n| Food | 300 |⟧\n\nTip: round the food line up if you eat out a lot."},
		// no deliverable: talk with the user
		{"advice instead of a draft", "You could leave it out — the request is clearer without it, and the landlord only needs the dates."},
		{"offer and question", "I can remove Dylan from the seating plan — should I also move his partner to another table?"},
		{"questions before drafting", "Understood — I'll leave that out. Before I draft it, two quick questions:\n\n1. How long should it be?\n2. Is it formal or casual?"},

		// body: document notes, footers, entries
		{"italic note of the minutes is body", "⟦## Board minutes\n\n- Budget approved.\n- Hiring freeze lifted.\n\n*One personnel item has been omitted from these minutes.*⟧"},
		{"parenthesised note is body", "⟦Reading list\n\n1. Dune\n2. Emma\n\n(Titles with adult content have been removed.)⟧"},
		{"italic note in the first person is afterword", "⟦## Board minutes\n\n- Budget approved.\n- Hiring freeze lifted.⟧\n\n*Note: I left out the personnel item.*"},
		{"mail footer after the signature is body", "Here's the email:\n\n⟦Dear Ms. Park,\n\nPlease find the signed contract attached.\n\nKind regards,\nLeo Brandt\nBrandt & Co.\n\nThis message and any attachments are confidential and intended solely for the addressee.⟧\n\nLet me know if you want changes."},
		{"release notes removed section is body", "⟦## App 3.0\n\n### Added\n- Dark mode.\n\n### Removed\n- The legacy exporter.⟧"},
		{"bold entry with an edit verb is body", "⟦### Version 3\n\n**Added:** dark mode for all screens.\n\n**Removed: support for Windows 7.** It no longer gets security updates.⟧"},
		{"plain conclusion after a table is body", "⟦| Protocol | Score |\n|---|---|\n| A | 0.7 |\n| B | 0.5 |\n\nIn this case, the best protocol is A, with a score of 0.7.⟧"},
		{"message to a friend is body", "⟦Hey Sam! Running late — should I grab coffee on the way? I can bring some for you too.⟧"},
		{"story with took the day off", "⟦I took the day off and walked to the lake. The water was cold and the light was perfect.⟧"},
		{"first person post ending", "⟦After six years, Friday was my last day at Tesselate.\n\nI joined as the fourth engineer and leave a team of 140.\n\nThank you all for your trust and your humour.⟧"},
	}
	for _, tc := range tests {
		for _, le := range lineEndings {
			t.Run(tc.name+"/"+le.name, func(t *testing.T) {
				reply, want := unmark(t, strings.ReplaceAll(tc.reply, "\n", le.nl))
				got := Split(reply)
				if (got.Body == nil) != (want == nil) || got.Body != nil && *got.Body != *want {
					t.Errorf("body mismatch\n got: %q\nwant: %q", show(reply, got.Body), show(reply, want))
				}
			})
		}
	}
}
