package revision

import (
	"strings"
	"testing"

	"github.com/revtrace/revtrace/corpora"
)

// TestRules14Families: the multilingual families revision-rules-14 adds,
// each in several languages and with hard negatives that share its words.
func TestRules14Families(t *testing.T) {
	const postDraft = "When I first started out in photography I kept asking myself how to find my own style. Over the years I learned to stop copying others."
	const sizesDraft = "One centimetre is 0.3937 inches, so the sizes are:\n\n9.84in x 23.62in\n11.81in x 53.94in\n19.69in x 53.94in"
	const errorDraft = "This error typically occurs when the indentation of the current line is inconsistent with the indentation of the previous line."
	const menuDraft = "After signing in, click the Profile button in the top right corner: it opens a dropdown menu with the Downloads item."
	const menuDraftEs = "Después de iniciar sesión, pulsa el botón Perfil arriba a la derecha: se abre un menú desplegable con la opción Descargas."
	const menuDraftRu = "После авторизации нажмите кнопку Profile в правом верхнем углу: откроется выпадающее меню с пунктом Downloads."
	const abstractDraft = "PHP对象注入漏洞是一种安全缺陷，允许攻击者利用存在漏洞的应用程序中的类方法执行远程代码。"
	const reportDraft = "Prompt: 作为一名内容策略产品经理，请你完成一份关于腾讯新闻与其他竞品的内容生态分析报告。"
	checkFamilies(t, map[string][]familyExample{
		"the same draft again, with a change": {
			{postDraft, "write the same thing but more satirical", Reformat},
			{postDraft, "напиши примерно то же самое но более сатиристично", Reformat},
			{postDraft, "lo mismo pero más corto", Reformat},
			{postDraft, "la même chose mais plus drôle", Reformat},
			{postDraft, "dasselbe, aber kürzer bitte", Reformat},
			{postDraft, "the same but for my sister's wedding", Other},
			// hard negatives: the user's own doing, a question
			{postDraft, "i did the same but nobody liked my photos", ""},
			{postDraft, "is it the same but with film cameras?", ""},
			{postDraft, "я сделал то же самое, но фото всё равно плохие", ""},
		},
		"the draft's numbers to be rounded (reformat)": {
			{sizesDraft, "保留到整数位", Reformat},
			{sizesDraft, "round to whole numbers", Reformat},
			{sizesDraft, "округли до целых", Reformat},
			{sizesDraft, "redondea a un decimal por favor", Reformat},
			// hard negatives: a question, a new task, a draft without decimals
			{sizesDraft, "how do I round to 2 decimal places in excel?", ""},
			{sizesDraft, "write a function that rounds to 2 decimals", ""},
			{postDraft, "round to whole numbers", ""},
		},
		"the draft written in another form, by a Chinese form verb (reformat)": {
			{abstractDraft, "写成文献综述", Reformat},
			{abstractDraft, "请改写成一段话", Reformat},
			// hard negatives: a question, a long new task
			{abstractDraft, "写成文献综述需要注意什么？", ""},
		},
		"the draft's point explained again in another language (reformat)": {
			{errorDraft, "explain the error in spanish", Reformat},
			{errorDraft, "explica el error en español", Reformat},
			{errorDraft, "объясни это на русском", Reformat},
			// hard negative: a new subject in that language
			{errorDraft, "explain photosynthesis in spanish", ""},
			{errorDraft, "explica la fotosíntesis en español", ""},
		},
		"continue with an edit verb (extend), not a continuation": {
			{abstractDraft, "继续扩写", Extend},
			{abstractDraft, "继续补充一些例子", Extend},
			// hard negative: a plain continuation
			{abstractDraft, "继续", ""},
			{abstractDraft, "继续写下一章", ""},
		},
		"a wish with a place in the draft before the verb": {
			{reportDraft, "希望在报告中添加一些成功的内容策略案例进行说明", Extend},
			{reportDraft, "需要在结尾部分补充未来趋势的分析", Extend},
		},
		"a missing part, in more languages and inflected": {
			{menuDraftRu, "нет никакого выпадающего меню", Correct},
			{menuDraftEs, "no hay ningún menú desplegable", Correct},
			// hard negatives: nothing the draft named, a question
			{menuDraftRu, "нет никакого желания сегодня работать", ""},
			{menuDraft, "e quando o valor não existe, como eu tiro aquele erro feio?", ""},
		},
	})
}

// TestRules14NewTextToParaphrase: a rewording verb of any language acting
// on new quoted text is a new transformation; on the draft, a reformat.
func TestRules14NewTextToParaphrase(t *testing.T) {
	const draft = "Surplus value is the difference between the value of the goods produced and the resources spent on them."
	checkFamilies(t, map[string][]familyExample{
		"rewording verbs of other languages on new quoted text": {
			{draft, "перефразируй \"Концепция развития общества согласно Максу Веберу\"", ""},
			{draft, "reformula \"La teoría del valor trabajo según Marx y sus críticos\"", ""},
			{draft, "перефразируй", Reformat},
			{draft, "reformule ce texte, s'il te plaît", Reformat},
		},
		"Japanese: what follows the verb is the rest of the request": {
			{"豚肉の生姜焼きのレシピです。豚肉300g、生姜、醤油、みりんを使います。", "豚肉の代わりに鶏もも肉で作りたいので、それで書き直してもらえますか", Replace},
		},
	})
}

// TestRules14SourceAbove: a transformation cue under lines of another
// script that the assistant did not write acts on those lines; the same
// lines sent again, or the assistant's own text, are not new.
func TestRules14SourceAbove(t *testing.T) {
	const opts = "1. Oh? What's the matter, Trainer?\n2. Hey there, Trainer, did something catch your eye?"
	c := New(nil)
	for _, tc := range []struct {
		history []corpora.Message
		turn    string
		want    string
	}{
		{[]corpora.Message{{Role: corpora.RoleUser, Content: "translate english 5 options: あれあれ～？"}, {Role: corpora.RoleAssistant, Content: opts}},
			"反抗期だろうか\n\ntranslate english 5", ""},
		{[]corpora.Message{{Role: corpora.RoleUser, Content: "Write a note to the supplier."}, {Role: corpora.RoleAssistant, Content: "Dear supplier, the cartons must follow the new standard from July."}},
			"Our packing of poly bags will change for all orders from early July onwards.\n翻译成中文", ""},
		// the assistant's own text above: a translation of the draft
		{[]corpora.Message{{Role: corpora.RoleUser, Content: "Write a note to the supplier."}, {Role: corpora.RoleAssistant, Content: "Dear supplier, the cartons must follow the new standard from July."}},
			"Dear supplier, the cartons must follow the new standard from July.\n翻译成中文", Reformat},
		// the same script above and below: the user's own words about the draft
		{[]corpora.Message{{Role: corpora.RoleUser, Content: "写一封给供应商的信"}, {Role: corpora.RoleAssistant, Content: "尊敬的供应商：从七月起纸箱必须符合新标准。"}},
			"这封信写得很好\n翻译成英文", Reformat},
	} {
		v, notes := c.Explain(tc.history, tc.turn)
		if v.Type != tc.want {
			t.Errorf("%q = %q, want %q\n  %s", tc.turn, v.Type, tc.want, strings.Join(notes, "\n  "))
		}
	}
}

func TestCJKWishPlaceLead14(t *testing.T) {
	for l, want := range map[string]bool{
		"希望":       true,
		"希望在报告中":   true,
		"需要在结尾部分":  true,
		"我希望能在文章里": true,
		"在报告中":     false, // no wish
		"希望大家":     false, // a wish about someone, no place
		"希望在":      false,
		"希望在中":     false,
	} {
		if got := cjkWishPlaceLead14(l); got != want {
			t.Errorf("cjkWishPlaceLead14(%q) = %v, want %v", l, got, want)
		}
	}
}

func TestCJKContinueEdit(t *testing.T) {
	for s, want := range map[string]bool{
		"继续扩写":     true,
		"继续帮我完善一下": true,
		"接着润色":     true,
		"继续":       false,
		"继续写":      false,
		"继续下一章":    false,
	} {
		if got := cjkContinueEdit(s); got != want {
			t.Errorf("cjkContinueEdit(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestDecimals14(t *testing.T) {
	for s, want := range map[string]int{
		"9.84in x 23.62in": 2,
		"9,84 и 23,62":     2,
		"version 1.2":      1,
		"1,000 people":     1,
		"no numbers":       0,
		"3.":               0,
	} {
		if got := decimals14(s); got != want {
			t.Errorf("decimals14(%q) = %d, want %d", s, got, want)
		}
	}
}
