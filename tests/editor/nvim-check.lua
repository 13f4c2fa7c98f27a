-- A real client for `senlac lsp`: Neovim's own LSP client, headless.
-- tests/editor.rs writes a JSON plan and runs
--   NVIM_CHECK=plan.json nvim --headless -u NONE -i NONE -c 'luafile nvim-check.lua'
-- For each sample of the plan this opens the file, waits for its
-- diagnostics, makes the plan's edit (one that breaks a rule), waits for the
-- diagnostics, undoes it (the fix), waits again, then asks for a hover on a
-- unit and a completion on a new line opened before an action; it writes what it got, with the latencies Neovim saw
-- (vim.loop.hrtime), to the plan's `out` file as JSON. Works on Neovim 0.7
-- (Debian 12's: vim.lsp.start_client) and later (vim.lsp.start).

local plan = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv('NVIM_CHECK')), '\n'))
local hrtime = vim.loop.hrtime
local function since(t0)
  return (hrtime() - t0) / 1e6
end
local TIMEOUT = 20000

-- Every publishDiagnostics, by uri, with when it came; then Neovim's own
-- handler shows them (vim.diagnostic).
local published = {}
local show = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  local list = published[result.uri] or {}
  table.insert(list, { at = hrtime(), diagnostics = result.diagnostics, version = result.version })
  published[result.uri] = list
  return show(err, result, ctx, config)
end

local function count(uri)
  return #(published[uri] or {})
end

local function summary(diagnostics)
  local out = {}
  for _, d in ipairs(diagnostics) do
    table.insert(out, {
      code = d.code,
      severity = d.severity,
      line = d.range.start.line,
      character = d.range.start.character,
      message = d.message,
    })
  end
  return out
end

-- Waits for a publish after the `seen`th for `uri`; returns its time since
-- t0 and its diagnostics, or nil on timeout.
local exited
local function next_publish(uri, seen, t0)
  vim.wait(TIMEOUT, function()
    return count(uri) > seen or exited ~= nil
  end, 1)
  if count(uri) <= seen then
    error(exited and ('the server exited: ' .. exited) or 'no diagnostics came')
  end
  local p = published[uri][seen + 1]
  return (p.at - t0) / 1e6, summary(p.diagnostics)
end

local initialized_at
local config = {
  name = 'senlac',
  cmd = { plan.senlac, 'lsp' },
  root_dir = plan.root,
  flags = { debounce_text_changes = 0 },
  on_init = function()
    initialized_at = hrtime()
  end,
  on_exit = function(code, signal)
    exited = 'code ' .. tostring(code) .. ', signal ' .. tostring(signal)
  end,
}
local client_id
local started_at
local function attach(buf)
  started_at = started_at or hrtime()
  if vim.lsp.start then
    client_id = vim.lsp.start(config)
  else
    client_id = client_id or vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(buf, client_id)
  end
end

local function text_of(contents)
  if type(contents) == 'string' then
    return contents
  end
  if contents.value then
    return contents.value
  end
  local parts = {}
  for _, c in ipairs(contents) do
    table.insert(parts, type(c) == 'string' and c or c.value)
  end
  return table.concat(parts, '\n')
end

local function request(buf, method, params)
  local t0 = hrtime()
  local responses, err = vim.lsp.buf_request_sync(buf, method, params, TIMEOUT)
  local ms = since(t0)
  if not responses then
    return { error = tostring(err), ms = ms }
  end
  for _, r in pairs(responses) do
    if r.err then
      return { error = vim.inspect(r.err), ms = ms }
    end
    return { result = r.result, ms = ms }
  end
  return { error = 'no response', ms = ms }
end

local function check(sample)
  local out = { file = sample.file }
  vim.cmd('edit ' .. vim.fn.fnameescape(sample.file))
  local buf = vim.api.nvim_get_current_buf()
  vim.bo[buf].filetype = 'sbn'
  local uri = vim.uri_from_bufnr(buf)
  local t0 = hrtime()
  attach(buf)
  out.open_ms, out.opened = next_publish(uri, 0, t0)

  local edit = sample.edit
  local seen = count(uri)
  t0 = hrtime()
  vim.api.nvim_buf_set_text(buf, edit.line, edit.col, edit.line, edit.col + #edit.old, { edit.new })
  out.broken_ms, out.broken = next_publish(uri, seen, t0)

  seen = count(uri)
  t0 = hrtime()
  vim.api.nvim_buf_set_text(buf, edit.line, edit.col, edit.line, edit.col + #edit.new, { edit.old })
  out.fixed_ms, out.fixed = next_publish(uri, seen, t0)
  -- What Neovim shows once it has settled.
  vim.wait(100, function()
    return false
  end)
  out.shown = #vim.diagnostic.get(buf)

  local hover = request(buf, 'textDocument/hover', {
    textDocument = { uri = uri },
    position = { line = sample.hover.line, character = sample.hover.character },
  })
  out.hover_ms, out.hover_error = hover.ms, hover.error
  out.hover = hover.result and text_of(hover.result.contents) or nil

  -- A new line before the action, indented as it is: where one types the
  -- next action. The completion there is asked once the server has checked
  -- the edit, and the line is taken out again.
  local at = sample.completion
  seen = count(uri)
  vim.api.nvim_buf_set_lines(buf, at.line, at.line, false, { at.indent })
  next_publish(uri, seen, hrtime())
  local completion = request(buf, 'textDocument/completion', {
    textDocument = { uri = uri },
    position = { line = at.line, character = #at.indent },
  })
  vim.api.nvim_buf_set_lines(buf, at.line, at.line + 1, false, {})
  out.completion_ms, out.completion_error = completion.ms, completion.error
  out.completion = {}
  local result = completion.result or {}
  for _, item in ipairs(result.items or result) do
    table.insert(out.completion, item.label)
  end
  return out
end

local results = { nvim = tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) .. '.' .. tostring(vim.version().patch), samples = {} }
local ok, err = pcall(function()
  for _, sample in ipairs(plan.samples) do
    table.insert(results.samples, check(sample))
  end
  results.initialize_ms = initialized_at and (initialized_at - started_at) / 1e6 or nil
end)
if not ok then
  results.error = tostring(err)
end
vim.fn.writefile({ vim.fn.json_encode(results) }, plan.out)
if vim.lsp.stop_client and client_id then
  vim.lsp.stop_client(client_id)
  vim.wait(2000, function()
    return vim.lsp.get_client_by_id(client_id) == nil
  end, 10)
end
vim.cmd(ok and 'qa!' or 'cquit!')
