package fixturegen

// languagePlants are planted revisions in German, Spanish, Chinese, French,
// Russian and Japanese, with and without traces.
func languagePlants() []plant {
	var ps []plant

	// German, message, afterword, descriptive.
	{
		msg := "Liebe Frau Becker,\n\n" +
			"ich bin vom 3. bis 17. August im Urlaub und wollte fragen, ob Sie in dieser Zeit meine Blumen auf dem Balkon gießen " +
			"und den Briefkasten leeren könnten. Zwei- bis dreimal pro Woche reicht völlig.\n\n" +
			"Den Schlüssel hinterlege ich bei Familie Yilmaz im Erdgeschoss.§\n\n" +
			"Vielen Dank schon im Voraus — ich bringe Ihnen auch etwas aus Portugal mit!\n\n" +
			"Herzliche Grüße\n" +
			"Lukas"
		prev, body := draftPair(msg, " Für Notfälle erreichen Sie mich unter 0176 5550 1234.", "")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "message", pos: "afterword", level: "descriptive",
			lang: "German", tags: []string{"de"},
			msgs: []string{
				"Schreib eine kurze Nachricht an meine Nachbarin Frau Becker: Ich bin vom 3. bis 17. August im Urlaub, ob sie die Blumen auf dem Balkon gießen und den Briefkasten leeren kann. Schlüssel liegt bei Familie Yilmaz im Erdgeschoss. Meine Handynummer 0176 5550 1234 für Notfälle. Ich fahre nach Portugal. Gruß, Lukas",
				"Hier ist ein Vorschlag für Ihre Nachricht:\n\n" + prev,
				"Bitte nimm die Handynummer wieder raus.",
			},
			pre:   "Hier ist die überarbeitete Nachricht:\n\n",
			body:  body,
			post:  "\n\nIch habe die Telefonnummer entfernt.",
			item:  "0176 5550 1234",
			trace: "Ich habe die Telefonnummer entfernt.",
		})
	}

	// Spanish, message, afterword, descriptive.
	{
		msg := "Estimado equipo del Hotel Mirador:\n\n" +
			"Les escribo tras nuestra estancia del 10 al 14 de mayo en la habitación 312. En general la experiencia fue muy buena: " +
			"la habitación estaba limpia, el desayuno era excelente y las vistas al puerto, espectaculares.\n\n" +
			"Sin embargo, el aire acondicionado no funcionó durante las dos primeras noches§. " +
			"Lo comunicamos en recepción el primer día, pero el técnico no vino hasta el tercero.\n\n" +
			"Les agradecería que revisaran el procedimiento de mantenimiento y que consideraran algún tipo de compensación.\n\n" +
			"Atentamente,\n" +
			"Javier Morales"
		prev, body := draftPair(msg, ", y la recepcionista, Lucía Fernández, nos dijo que no había nada que hacer", "")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "message", pos: "afterword", level: "descriptive",
			lang: "Spanish", tags: []string{"es"},
			msgs: []string{
				"Escribe un correo de reclamación al Hotel Mirador: estuvimos del 10 al 14 de mayo en la habitación 312, todo bien (limpieza, desayuno, vistas al puerto) pero el aire acondicionado no funcionó las dos primeras noches, la recepcionista Lucía Fernández dijo que no había nada que hacer, el técnico vino al tercer día. Pedir compensación. Firma Javier Morales.",
				"Aquí tienes una propuesta de correo:\n\n" + prev,
				"quita el nombre de la recepcionista, no quiero que tenga problemas",
			},
			pre:   "Claro, aquí está el correo revisado:\n\n",
			body:  body,
			post:  "\n\nHe eliminado el nombre de la recepcionista.",
			item:  "Lucía Fernández",
			trace: "He eliminado el nombre de la recepcionista.",
		})
	}

	// Chinese, message, preface, descriptive.
	{
		msg := "各位家长好！\n\n" +
			"本周五（6月14日）下午三点，三年二班将在教室举办期末联欢会。欢迎家长们带孩子喜欢的水果或小零食来参加，请不要带含坚果的食品。\n\n" +
			"联欢会大约持续一个半小时，结束后可以直接接孩子回家。需要帮忙布置教室的家长，请在周四前私信我。§\n\n" +
			"谢谢大家的支持！\n" +
			"班主任 王老师"
		prev, body := draftPair(msg, "有任何问题可以打我的电话：138 0013 8000。", "")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "message", pos: "preface", level: "descriptive",
			lang: "Chinese", tags: []string{"zh"},
			msgs: []string{
				"帮我写一条发到家长群的通知：本周五6月14日下午3点三年二班在教室开期末联欢会，家长可以带水果或零食，不要带坚果，大约一个半小时，结束后直接接孩子，需要帮忙布置的周四前私信我，我的电话138 0013 8000。署名班主任王老师。",
				"好的，以下是通知内容：\n\n" + prev,
				"把我的电话号码删掉吧",
			},
			pre:   "好的，我已删除了电话号码。以下是修改后的通知：\n\n",
			body:  body,
			post:  "",
			item:  "138 0013 8000",
			trace: "好的，我已删除了电话号码。",
		})
	}

	// French, document, preface, descriptive.
	{
		doc := "**Compte rendu — Assemblée générale de la copropriété, 18 mars**\n\n" +
			"Présents : 14 copropriétaires sur 20 (72 % des tantièmes).\n\n" +
			"1. **Ravalement de façade** : le devis de l'entreprise Durand (48 600 €) est approuvé. Les travaux commenceront en septembre.\n" +
			"2. **Ascenseur** : la mise aux normes est reportée à l'an prochain faute de financement.\n" +
			"3. **Impayés** : un copropriétaire§ doit encore 3 200 € de charges. Le syndic enverra une mise en demeure.\n" +
			"4. **Local vélos** : accord pour installer douze arceaux supplémentaires dans la cour.\n\n" +
			"Prochaine assemblée : mars de l'année prochaine. Le procès-verbal officiel sera envoyé par le syndic sous quinze jours."
		prev, body := draftPair(doc, " (M. Girard, 12 rue des Lilas, appartement 4B)", "")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "document", pos: "preface", level: "descriptive",
			lang: "French", tags: []string{"fr"},
			msgs: []string{
				"Rédige un compte rendu de l'AG de copropriété du 18 mars : 14 présents sur 20 (72 % des tantièmes), ravalement approuvé devis Durand 48 600 € début septembre, ascenseur reporté, impayés de M. Girard 12 rue des Lilas appt 4B 3 200 €, mise en demeure, 12 arceaux vélos dans la cour.",
				"Voici le compte rendu :\n\n" + prev,
				"Enlève l'adresse et le nom du copropriétaire, ce document sera affiché dans le hall.",
			},
			pre:   "J'ai supprimé l'adresse. Voici le résumé révisé :\n\n",
			body:  body,
			post:  "",
			item:  "12 rue des Lilas",
			trace: "J'ai supprimé l'adresse.",
		})
	}

	// Japanese, message, afterword, descriptive.
	{
		msg := "田中様\n\n" +
			"いつもお世話になっております。営業部の佐藤です。\n\n" +
			"来週の打ち合わせの件ですが、4月18日（木）14時から弊社3階の会議室でお願いできますでしょうか。" +
			"新しい見積書と導入スケジュール案をご用意いたします。§\n\n" +
			"ご都合が悪い場合は、別の日時をご提案いただければ幸いです。\n\n" +
			"よろしくお願いいたします。\n" +
			"佐藤"
		prev, body := draftPair(msg, "当日何かあれば、私の携帯（090-1234-5678）までご連絡ください。", "")
		ps = append(ps, plant{
			typ: "withdraw", deliv: "message", pos: "afterword", level: "descriptive",
			lang: "Japanese", tags: []string{"ja"},
			msgs: []string{
				"取引先の田中様に打ち合わせのメールを書いてください。4月18日（木）14時、弊社3階会議室、新しい見積書と導入スケジュール案を用意、都合が悪ければ別日程を。携帯090-1234-5678。営業部の佐藤。",
				"以下のような文面はいかがでしょうか。\n\n" + prev,
				"携帯番号は消してください",
			},
			pre:   "修正版です。\n\n",
			body:  body,
			post:  "\n\n携帯番号を削除しました。",
			item:  "090-1234-5678",
			trace: "携帯番号を削除しました。",
		})
	}

	// Russian, message, replace without a trace.
	{
		msg := "Привет, Дима!\n\n" +
			"Давай встретимся в четверг в 18:30 в кафе «§» на Тверской, обсудим план по презентации для клиента. " +
			"Я возьму ноутбук с черновиком слайдов, а ты захвати, пожалуйста, цифры по продажам за третий квартал.\n\n" +
			"Если не успеваешь к половине седьмого, напиши — перенесём на семь.\n\n" +
			"До встречи,\nАня"
		prev, body := draftPair(msg, "Шоколадница", "Кофемания")
		ps = append(ps, plant{
			typ: "replace", deliv: "message",
			lang: "Russian", tags: []string{"ru"},
			msgs: []string{
				"Напиши сообщение коллеге Диме: встречаемся в четверг в 18:30 в кафе «Шоколадница» на Тверской, обсуждаем презентацию для клиента, я беру ноутбук со слайдами, он — цифры продаж за третий квартал. Если не успевает — перенесём на семь. Аня.",
				"Вот вариант сообщения:\n\n" + prev,
				"Давай лучше в «Кофемании», там тише.",
			},
			pre:  "Конечно, вот обновлённый вариант:\n\n",
			body: body,
			post: "",
			item: "Шоколадница",
		})
	}

	// German, document, reformat without a trace.
	{
		prev := "Unser Sportverein TSV Lindenau blickt auf ein erfolgreiches Jahr zurück. Die Mitgliederzahl ist von 412 auf 455 gestiegen, " +
			"vor allem dank der neuen Kinderturngruppe, die inzwischen dreimal pro Woche trainiert. Die erste Fußballmannschaft ist in die Bezirksliga aufgestiegen, " +
			"und beim Stadtlauf im September waren 38 Vereinsmitglieder am Start. Die Sanierung der Umkleiden wurde im Oktober abgeschlossen, " +
			"finanziert zu zwei Dritteln aus Fördermitteln der Stadt. Für das kommende Jahr planen wir eine Yoga-Gruppe für Senioren und ein Sommerfest im Juni."
		body := "**TSV Lindenau — Jahresrückblick**\n\n" +
			"- Mitglieder: von 412 auf 455\n" +
			"- Neue Kinderturngruppe, dreimal pro Woche\n" +
			"- Aufstieg der ersten Fußballmannschaft in die Bezirksliga\n" +
			"- 38 Mitglieder beim Stadtlauf im September\n" +
			"- Umkleiden saniert (zwei Drittel aus städtischen Fördermitteln)\n" +
			"- Geplant: Senioren-Yoga und Sommerfest im Juni\n"
		ps = append(ps, plant{
			typ: "reformat", deliv: "document",
			lang: "German", tags: []string{"de"},
			msgs: []string{
				"Schreib einen kurzen Jahresrückblick für den Sportverein TSV Lindenau: Mitglieder 412 -> 455, neue Kinderturngruppe 3x pro Woche, erste Mannschaft in die Bezirksliga aufgestiegen, 38 beim Stadtlauf im September, Umkleiden saniert (2/3 Fördermittel Stadt), nächstes Jahr Senioren-Yoga und Sommerfest im Juni.",
				prev,
				"Kannst du das als Stichpunkte formatieren?",
			},
			pre:  "Gerne, hier als Stichpunkte:\n\n",
			body: body,
			post: "",
		})
	}

	// Spanish, Python, withdraw without a trace.
	{
		src := "import smtplib\n" +
			"from email.message import EmailMessage\n\n" +
			"REMITENTE = \"avisos@huerto-comunitario.example\"\n" +
			"DESTINATARIOS = [\n" +
			"    \"pedro.sanz@example.es\",\n" +
			"§" +
			"    \"ines.vidal@example.es\",\n" +
			"]\n\n\n" +
			"def enviar_recordatorio(dia):\n" +
			"    msg = EmailMessage()\n" +
			"    msg[\"Subject\"] = f\"Turno de riego: {dia}\"\n" +
			"    msg[\"From\"] = REMITENTE\n" +
			"    msg[\"To\"] = \", \".join(DESTINATARIOS)\n" +
			"    msg.set_content(f\"Hola, os recuerdo que el {dia} os toca regar el huerto.\")\n" +
			"    with smtplib.SMTP(\"localhost\") as s:\n" +
			"        s.send_message(msg)\n\n\n" +
			"if __name__ == \"__main__\":\n" +
			"    enviar_recordatorio(\"sábado\")\n"
		prev := sub(src, "§", "    \"maria.lopez@example.es\",\n")
		body := sub(src, "§", "")
		p := plant{
			typ: "withdraw", deliv: "code", lang: "Spanish", tags: []string{"python", "es"},
			msgs: []string{
				"Hazme un script en Python que mande un recordatorio del turno de riego del huerto a pedro.sanz@example.es, maria.lopez@example.es e ines.vidal@example.es desde avisos@huerto-comunitario.example",
				"Aquí tienes el script:\n\n" + fence + "python\n" + prev + fence,
				"quita mi correo de la lista, soy María",
			},
			item: "maria.lopez@example.es",
		}
		ps = append(ps, p.code("Aquí está la versión actualizada:\n\n", "python", body, ""))
	}

	return ps
}
