"""The widget kit of the dialogs: labels, buttons, switches, choice rows, a text field,
and the containers that arrange them; dialogs import them from here.

Widgets are measured and placed for a :class:`~spider.app.ui.theme.Style` (a font size
and the spacing that follows from it), so a dialog can shrink its whole content when the
window is small or the words are long. :class:`~spider.app.ui.focus.Focus` gives a tree
of widgets the pointer and the keyboard; a focused widget gets keys first (Left / Right
change a choice; a text field takes typed text, editing keys and Ctrl+V / Ctrl+C).

Every string shown comes from the caller (already translated).
"""

from spider.app.ui.widgets.base import Widget, every
from spider.app.ui.widgets.button import Button
from spider.app.ui.widgets.choices import Option, Segments, Switch
from spider.app.ui.widgets.fields import Field, Form
from spider.app.ui.widgets.labels import Divider, Label, Spacer
from spider.app.ui.widgets.layout import Column, Pages, Row
from spider.app.ui.widgets.textfield import TextField

__all__ = ["Button", "Column", "Divider", "Field", "Form", "Label", "Option", "Pages", "Row",
           "Segments", "Spacer", "Switch", "TextField", "Widget", "every"]
