// The panels of the built-in v2 types (Checkbox, MultipleChoice, MultipleTrueFalse, File), bound to
// the same answer names as PrairieLearn's v2 clients: one checkbox per choice key, one radio "key",
// a True and a False checkbox per statement ("q0-true", "q0-false"). Filled twice, like those clients,
// because the question text in info.json may itself hold template tags.
'use strict';

const TEMPLATES = {
  Checkbox: {
    question: `<p><%= params.text %></p>
<% params.answers.forEach(function (a) { %><div class="checkbox"><label><input type="checkbox" data-checkedoptional="submittedAnswer.<%= a.key %>"> (<%= a.key %>) <%= a.text %></label></div>
<% }); %>`,
    submission: `<p>Checked answers: <% var c = params.answers.filter(function (a) { return submittedAnswer[a.key]; }).map(function (a) { return '(' + a.key + ')'; }); %><%= c.length ? c.join(', ') : 'None' %></p>`,
    answer: `<p>Correct answers:<% if (!trueAnswer.correctAnswers.length) { %> none.<% } %></p>
<% trueAnswer.correctAnswers.forEach(function (a) { %><p>(<%= a.key %>) <%= a.text %></p>
<% }); %>`,
  },
  MultipleChoice: {
    question: `<p><%= params.text %></p>
<% params.answers.forEach(function (a) { %><div class="form-check"><label class="form-check-label"><input class="form-check-input" type="radio" value="<%= a.key %>" data-checked="submittedAnswer.key"> (<%= a.key %>) <%= a.text %></label></div>
<% }); %>`,
    submission: `<p>(<%= submittedAnswer.key %>)</p>`,
    answer: `<p>(<%= trueAnswer.key %>) <%= trueAnswer.text %></p>`,
  },
  MultipleTrueFalse: {
    question: `<p><%= params.text %></p>
<table class="pl-v2-true-false"><% params.statements.forEach(function (s) { %><tr><td><%= s.statement %></td>
<td><label><input type="checkbox" data-checkedoptional="submittedAnswer.<%= s.key %>-true"> True</label> <label><input type="checkbox" data-checkedoptional="submittedAnswer.<%= s.key %>-false"> False</label></td></tr>
<% }); %></table>`,
    submission: '',
    answer: `<p>Correct answers:<% if (!trueAnswer.correctAnswers.length) { %> none.<% } %></p>
<% trueAnswer.correctAnswers.forEach(function (t) { %><p><%= t ? 'True' : 'False' %></p>
<% }); %>`,
  },
  File: {
    question: `<p><a download="<%- params.fileName %>" href="data:application/octet-stream;base64,<%- decodeURIComponent(params.fileData) %>">Download <%- params.fileName %></a></p>`,
    submission: '',
    answer: '',
  },
};

module.exports = { TEMPLATES };
