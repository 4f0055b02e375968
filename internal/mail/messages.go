package mail

import (
	"fmt"

	"souk/app/action"
)

// messageTemplates are the subject and body of each message action per
// language; %s is the code. The site's name is not known here, so the
// texts speak of "your verification code".
var messageTemplates = map[string]map[string][2]string{
	MessageSignup: {
		"zh-hans": {"您的注册验证码", "您的注册验证码是 %s，10 分钟内有效。如果这不是您本人的操作，请忽略本消息。"},
		"en":      {"Your sign-up code", "Your sign-up code is %s. It is valid for 10 minutes. If you did not ask for it, ignore this message."},
		"es":      {"Tu código de registro", "Tu código de registro es %s. Es válido durante 10 minutos. Si no lo has pedido, ignora este mensaje."},
	},
	MessageReset: {
		"zh-hans": {"您的重置密码验证码", "您的重置密码验证码是 %s，10 分钟内有效。如果这不是您本人的操作，请忽略本消息，您的密码不会改变。"},
		"en":      {"Your password reset code", "Your password reset code is %s. It is valid for 10 minutes. If you did not ask for it, ignore this message: your password stays the same."},
		"es":      {"Tu código para restablecer la contraseña", "Tu código para restablecer la contraseña es %s. Es válido durante 10 minutos. Si no lo has pedido, ignora este mensaje: tu contraseña no cambia."},
	},
	MessageAccountExists: {
		"zh-hans": {"有人尝试用您的地址注册", "有人尝试用此地址注册新账户，但它已经属于一个账户。如果是您本人，请直接登录；忘记密码时可以重置密码。"},
		"en":      {"Someone tried to sign up with your address", "Someone tried to create an account with this address, but it already belongs to one. If it was you, log in instead, or reset your password if you forgot it."},
		"es":      {"Alguien intentó registrarse con tu dirección", "Alguien intentó crear una cuenta con esta dirección, pero ya pertenece a una. Si fuiste tú, inicia sesión o restablece tu contraseña si la olvidaste."},
	},
}

// messageText is the subject and body of m in its language.
func messageText(m Message) (subject, body string) {
	byLang, ok := messageTemplates[m.Action]
	if !ok {
		byLang = messageTemplates[MessageSignup]
	}
	t, ok := byLang[m.Lang]
	if !ok {
		t = byLang[action.DefaultLang]
	}
	if m.Action == MessageAccountExists {
		return t[0], t[1]
	}
	return t[0], fmt.Sprintf(t[1], m.Code)
}
